import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, postTargets, users } from "@/db/schema";
import type { AnalyticsOverview, PerformancePoint, TopPost } from "@/lib/analytics/schemas";
import { registeredClient } from "../../fixtures/api-client";
import { uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { reading } from "../../fixtures/metric-readings";
import { testStack } from "../../fixtures/test-stack";

/**
 * The analytics endpoints over known readings: readings are written through the sync's own
 * ingest (recordReadings, in this process against the run's database) for posts inserted as
 * published, so days, zones and rates are exact. What a platform answers is sync.test.ts's part.
 */

const saved = { ...process.env };
let ingest: typeof import("@/lib/analytics/server/ingest");
let closeDb: () => Promise<void>;

beforeAll(async () => {
  Object.assign(process.env, testStack().env);
  ingest = await import("@/lib/analytics/server/ingest");
  ({ closeDb } = await import("@/db"));
});

afterAll(async () => {
  await closeDb();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

/** A post published at `publishedAt` on one page of `platform` (no connected page: the worker leaves it). */
async function publishedPost(userId: string, publishedAt: Date, platform: "facebook" | "twitter" = "facebook") {
  const [post] = await testDb()
    .insert(posts)
    .values({ workspaceId: userId, content: `Known ${uid()}`, status: "published", publishedAt })
    .returning();
  const [target] = await testDb()
    .insert(postTargets)
    .values({
      postId: post!.id,
      platform,
      pageName: "Known page",
      status: "published",
      platformPostId: `${Date.now()}${uid()}`,
      publishedAt,
    })
    .returning();
  return { postId: post!.id, targetId: target!.id };
}

async function userIdOf(email: string) {
  const [user] = await testDb().select().from(users).where(eq(users.email, email));
  return user!.id;
}

describe("analytics endpoints", () => {
  it("a post at 00:30 local time on a daylight-saving day lands on that day, and moves with the zone", async () => {
    const { client, email } = await registeredClient();
    const userId = await userIdOf(email);
    expect((await client.request("PATCH", "/api/auth/user", { json: { timeZone: "America/New_York" } })).status).toBe(
      200,
    );
    // 1 Nov 2026, New York falls back at 02:00: 00:30 EDT is 04:30 UTC.
    const at = new Date("2026-11-01T04:30:00Z");
    const { targetId } = await publishedPost(userId, at);
    await ingest.recordReadings([reading(targetId, 100, 7, 2, 1)], at);

    const day = async (date: string) =>
      (await client.get(`/api/analytics/overview?startDate=${date}&endDate=${date}`)).body.data as AnalyticsOverview;
    expect(await day("2026-11-01")).toMatchObject({ totalViews: 100, totalLikes: 7, totalPosts: 1 });
    expect(await day("2026-10-31")).toMatchObject({ totalViews: 0, totalPosts: 0 });
    const points = (await client.get("/api/analytics/performance?startDate=2026-10-31&endDate=2026-11-02")).body
      .data as PerformancePoint[];
    expect(points.map((p) => [p.date, p.views])).toEqual([
      ["2026-10-31", 0],
      ["2026-11-01", 100],
      ["2026-11-02", 0],
    ]);
    const grid = (await client.get("/api/analytics/best-times")).body.data as { timeZone: string };
    expect(grid.timeZone).toBe("America/New_York");

    // In Honolulu (UTC−10) the same instant is 18:30 on 31 October: the rollups are re-dated.
    expect((await client.request("PATCH", "/api/auth/user", { json: { timeZone: "Pacific/Honolulu" } })).status).toBe(
      200,
    );
    expect(await day("2026-10-31")).toMatchObject({ totalViews: 100, totalPosts: 1 });
    expect(await day("2026-11-01")).toMatchObject({ totalViews: 0, totalPosts: 0 });
  });

  it("zero views give a 0 engagement rate, not an error", async () => {
    const { client, email } = await registeredClient();
    const userId = await userIdOf(email);
    const { targetId } = await publishedPost(userId, new Date(Date.now() - 3_600_000), "twitter");
    await ingest.recordReadings([reading(targetId, 0, 3, 1)], new Date());
    const overview = await client.get("/api/analytics/overview");
    expect(overview.status).toBe(200);
    expect(overview.body.data).toMatchObject({ totalViews: 0, totalLikes: 3, avgEngagementRate: 0 });
    const top = (await client.get("/api/analytics/top-posts?sortBy=engagementRate")).body.data as TopPost[];
    expect(top[0]!.metrics.engagementRate).toBe(0);
    const platforms = (await client.get("/api/analytics/platforms")).body.data as { avgEngagementRate: number }[];
    expect(platforms[0]!.avgEngagementRate).toBe(0);
  });

  it("a post that failed on one page but went out on another counts on every endpoint", async () => {
    const { client, email } = await registeredClient();
    const userId = await userIdOf(email);
    const at = new Date(Date.now() - 3_600_000);
    // Overall "failed" (X refused it), never given a publishedAt; its Facebook page went out.
    const [post] = await testDb()
      .insert(posts)
      .values({ workspaceId: userId, content: `Half out ${uid()}`, status: "failed", failureReason: "X: refused" })
      .returning();
    const [facebook] = await testDb()
      .insert(postTargets)
      .values([
        {
          postId: post!.id,
          platform: "facebook",
          pageName: "Known page",
          status: "published",
          platformPostId: `${Date.now()}${uid()}`,
          publishedAt: at,
        },
        { postId: post!.id, platform: "twitter", pageName: "Known X", status: "failed", errorMessage: "refused" },
      ])
      .returning();
    await ingest.recordReadings([reading(facebook!.id, 120, 9, 2, 1)], new Date());

    const overview = (await client.get("/api/analytics/overview")).body.data as AnalyticsOverview;
    expect(overview).toMatchObject({ totalPosts: 1, totalViews: 120, totalLikes: 9 });
    const platforms = (await client.get("/api/analytics/platforms")).body.data as { platform: string; posts: number }[];
    expect(platforms.map(({ platform, posts: count }) => ({ platform, posts: count }))).toEqual([
      { platform: "facebook", posts: 1 },
    ]);
    for (const sortBy of ["views", "likes", "engagementRate"]) {
      const top = (await client.get(`/api/analytics/top-posts?sortBy=${sortBy}`)).body.data as TopPost[];
      expect(
        top.map((entry) => entry._id),
        sortBy,
      ).toEqual([post!.id]);
      expect(top[0]!.platforms).toEqual(["facebook"]);
      expect(top[0]!.publishedAt).toBe(at.toISOString());
      expect(top[0]!.metrics).toMatchObject({ views: 120, likes: 9, comments: 2, shares: 1 });
    }
    // A range that holds the page's publishing counts it everywhere; one before it, nowhere.
    const around = `startDate=${new Date(at.getTime() - 60_000).toISOString()}&endDate=${new Date().toISOString()}`;
    expect(((await client.get(`/api/analytics/top-posts?${around}`)).body.data as TopPost[]).length).toBe(1);
    expect(((await client.get(`/api/analytics/overview?${around}`)).body.data as AnalyticsOverview).totalPosts).toBe(1);
    // Ranges are the user's (UTC) days: the days before the page's day hold none of it.
    const dayBefore = new Date(at.getTime() - 86_400_000).toISOString().slice(0, 10);
    const before = `startDate=${new Date(at.getTime() - 3 * 86_400_000).toISOString().slice(0, 10)}&endDate=${dayBefore}`;
    expect((await client.get(`/api/analytics/top-posts?${before}`)).body.data).toEqual([]);
    expect(((await client.get(`/api/analytics/overview?${before}`)).body.data as AnalyticsOverview).totalPosts).toBe(0);
    const bestTimes = (await client.get("/api/analytics/best-times")).body.data as { totalPosts: number };
    expect(bestTimes.totalPosts).toBe(1);
    expect((await client.get("/api/analytics/export/top-posts")).text).toContain(post!.id);
  });

  it("top posts rank by the chosen figure, and the change compares with the previous period", async () => {
    const { client, email } = await registeredClient();
    const userId = await userIdOf(email);
    const now = Date.now();
    const old = await publishedPost(userId, new Date(now - 10 * 86_400_000));
    const fresh = await publishedPost(userId, new Date(now - 2 * 86_400_000));
    await ingest.recordReadings([reading(old.targetId, 100, 1)], new Date(now - 9 * 86_400_000));
    await ingest.recordReadings([reading(fresh.targetId, 150, 30)], new Date(now - 86_400_000));
    const week = `startDate=${new Date(now - 6 * 86_400_000).toISOString()}&endDate=${new Date(now).toISOString()}`;
    const overview = (await client.get(`/api/analytics/overview?${week}`)).body.data as AnalyticsOverview;
    expect(overview).toMatchObject({ totalViews: 150, totalPosts: 1 });
    expect(overview.change.totalViews).toBe(0.5);
    expect(overview.change.totalPosts).toBe(0);
    const byLikes = (await client.get("/api/analytics/top-posts?sortBy=likes&limit=1")).body.data as TopPost[];
    expect(byLikes.map((post) => post._id)).toEqual([fresh.postId]);
    const byViews = (await client.get("/api/analytics/top-posts?sortBy=views")).body.data as TopPost[];
    expect(byViews.map((post) => post._id)).toEqual([fresh.postId, old.postId]);
    // The content list sorts by the same totals.
    const listed = (await client.get("/api/post?sort=likes")).body.posts as { id: string }[];
    expect(listed.map((post) => post.id)).toEqual([fresh.postId, old.postId]);
  });

  it("exports CSV with formulas defused and quotes escaped", async () => {
    const { client, email } = await registeredClient();
    const userId = await userIdOf(email);
    const { postId, targetId } = await publishedPost(userId, new Date(Date.now() - 3_600_000));
    await testDb().update(posts).set({ content: '=HYPERLINK("http://x"), "quoted"' }).where(eq(posts.id, postId));
    await ingest.recordReadings([reading(targetId, 10, 1)], new Date());
    const csv = await client.get("/api/analytics/export/top-posts");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="top-posts.csv"');
    const [, row] = csv.text.split("\r\n");
    expect(row).toContain(`"'=HYPERLINK(""http://x""), ""quoted"""`);
  });

  it("bad parameters answer 400 with a sentence and change nothing", async () => {
    const { client, email } = await registeredClient();
    const cases: [string, string][] = [
      ["/api/analytics/overview?startDate=yesterday", "startDate must be an ISO date"],
      ["/api/analytics/overview?endDate=2026-02-30", "endDate must be an ISO date"],
      ["/api/analytics/platforms?startDate=2026-03-02&endDate=2026-03-01", "endDate must not be before startDate."],
      ["/api/analytics/performance?interval=year", "interval must be day, week or month."],
      ["/api/analytics/top-posts?limit=51", "limit must be a whole number from 1 to 50."],
      ["/api/analytics/top-posts?limit=0", "limit must be a whole number from 1 to 50."],
      ["/api/analytics/top-posts?sortBy=clicks", "sortBy must be views, likes, shares, comments or engagementRate."],
      ["/api/analytics/export/daily?startDate=2026-13-01", "startDate must be an ISO date"],
    ];
    for (const [path, message] of cases) {
      const response = await client.get(path);
      expect(response.status, path).toBe(400);
      expect(response.body.error, path).toContain(message);
    }
    for (const timeZone of ["Mars/Olympus", "", 5]) {
      const response = await client.request("PATCH", "/api/auth/user", { json: { timeZone } });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe("timeZone must be an IANA time zone such as Europe/London.");
    }
    const [user] = await testDb().select().from(users).where(eq(users.email, email));
    expect(user!.timeZone).toBe("UTC");
    expect(
      (await new (await import("../../fixtures/api-client")).ApiClient().get("/api/analytics/overview")).status,
    ).toBe(401);
  });
});
