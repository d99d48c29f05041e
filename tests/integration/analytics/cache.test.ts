import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { analyticsVersions, posts, postTargets, targetMetrics, users } from "@/db/schema";
import type { AnalyticsOverview, PerformancePoint, TopPost } from "@/lib/analytics/schemas";
import { registeredClient, type ApiClient } from "../../fixtures/api-client";
import { appInProcess } from "../../fixtures/app-in-process";
import { uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { reading } from "../../fixtures/metric-readings";

/**
 * The analytics answers are cached in the app's process per user until the next write that can
 * change them (lib/analytics/server/cache.ts, keyed on analytics_versions). Each test asks twice
 * first (the second answer comes from the cache), then writes the way the app does (the sync's
 * ingest, publishing, deleting a post, changing the zone) and expects the next answer to show the
 * write: without the version bump the cached answer would come back unchanged.
 */

appInProcess();
let ingest: typeof import("@/lib/analytics/server/ingest");

beforeAll(async () => {
  ingest = await import("@/lib/analytics/server/ingest");
});

async function user() {
  const { client, email } = await registeredClient();
  const [row] = await testDb().select().from(users).where(eq(users.email, email));
  return { client, userId: row!.id };
}

/** A post published at `at` on one Facebook page (no connected page: the worker leaves it alone). */
async function publishedPost(userId: string, at: Date) {
  const [post] = await testDb()
    .insert(posts)
    .values({ workspaceId: userId, content: `Cached ${uid()}`, status: "published", publishedAt: at })
    .returning();
  const [target] = await testDb()
    .insert(postTargets)
    .values({
      postId: post!.id,
      platform: "facebook",
      pageName: "Cache page",
      status: "published",
      platformPostId: `${Date.now()}${uid()}`,
      publishedAt: at,
    })
    .returning();
  return { postId: post!.id, targetId: target!.id };
}

const overview = async (client: ApiClient, query = "") =>
  (await client.get(`/api/analytics/overview${query}`)).body.data as AnalyticsOverview;
const topPosts = async (client: ApiClient) => (await client.get("/api/analytics/top-posts")).body.data as TopPost[];
const dailyCsv = async (client: ApiClient) => (await client.get("/api/analytics/export/daily")).text;
const performance = async (client: ApiClient, day: string) =>
  (await client.get(`/api/analytics/performance?interval=day&startDate=${day}&endDate=${day}`)).body
    .data as PerformancePoint[];

/** The user's version: the sum of its slots (migration 0012). */
async function versionOf(userId: string) {
  const rows = await testDb().select().from(analyticsVersions).where(eq(analyticsVersions.workspaceId, userId));
  return rows.reduce((sum, row) => sum + row.version, 0);
}

describe("the analytics answer cache", () => {
  it("a metrics reading changes the cached overview, top posts and daily CSV", async () => {
    const { client, userId } = await user();
    const at = new Date(Date.now() - 3_600_000);
    const { targetId, postId } = await publishedPost(userId, at);
    await ingest.recordReadings([reading(targetId, 100, 5)], at);

    expect(await overview(client)).toMatchObject({ totalViews: 100, totalLikes: 5, totalPosts: 1 });
    expect(await overview(client)).toMatchObject({ totalViews: 100 });
    expect((await topPosts(client)).map((post) => [post._id, post.metrics.views])).toEqual([[postId, 100]]);
    const before = await dailyCsv(client);
    expect(await dailyCsv(client)).toBe(before);

    await ingest.recordReadings([reading(targetId, 250, 9)], new Date());
    expect(await overview(client)).toMatchObject({ totalViews: 250, totalLikes: 9, totalPosts: 1 });
    expect((await topPosts(client)).map((post) => [post._id, post.metrics.views])).toEqual([[postId, 250]]);
    const after = await dailyCsv(client);
    expect(after).not.toBe(before);
    expect(after.split("\r\n").slice(1).join("\n")).toMatch(/,facebook,/);
  });

  it("publishing a post changes the cached Total Posts and top posts", async () => {
    const { client, userId } = await user();
    const first = await publishedPost(userId, new Date(Date.now() - 3_600_000));
    expect(await overview(client)).toMatchObject({ totalPosts: 1 });
    expect(await overview(client)).toMatchObject({ totalPosts: 1 });

    const second = await publishedPost(userId, new Date(Date.now() - 60_000));
    expect(await overview(client)).toMatchObject({ totalPosts: 2 });
    expect((await topPosts(client)).map((post) => post._id).sort()).toEqual([first.postId, second.postId].sort());
  });

  it("deleting a post through the API removes it from the cached answers", async () => {
    const { client, userId } = await user();
    const kept = await publishedPost(userId, new Date(Date.now() - 7_200_000));
    const doomed = await publishedPost(userId, new Date(Date.now() - 3_600_000));
    await ingest.recordReadings([reading(kept.targetId, 10), reading(doomed.targetId, 40)], new Date());
    expect((await topPosts(client)).map((post) => post._id)).toEqual([doomed.postId, kept.postId]);
    expect(await overview(client)).toMatchObject({ totalPosts: 2 });

    const deleted = await client.request("DELETE", `/api/post/${doomed.postId}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect((await topPosts(client)).map((post) => post._id)).toEqual([kept.postId]);
    expect(await overview(client)).toMatchObject({ totalPosts: 1 });
  });

  it("changing the time zone re-dates the cached daily series", async () => {
    const { client, userId } = await user();
    // 23:30 UTC on 10 Nov 2026 is 11 Nov in Tokyo.
    const at = new Date("2026-11-10T23:30:00Z");
    const { targetId } = await publishedPost(userId, at);
    await ingest.recordReadings([reading(targetId, 60)], at);
    const views = async (day: string) => (await performance(client, day)).map((point) => point.views);
    expect(await views("2026-11-10")).toEqual([60]);
    expect(await views("2026-11-10")).toEqual([60]);
    expect(await views("2026-11-11")).toEqual([0]);

    const patched = await client.request("PATCH", "/api/auth/user", { json: { timeZone: "Asia/Tokyo" } });
    expect(patched.status, patched.text).toBe(200);
    expect(await views("2026-11-10")).toEqual([0]);
    expect(await views("2026-11-11")).toEqual([60]);
  });

  it("the version moves once per transaction and not for schedule-only updates", async () => {
    const { userId } = await user();
    const { targetId } = await publishedPost(userId, new Date(Date.now() - 60_000));
    const published = await versionOf(userId);
    expect(published).toBeGreaterThan(0);
    // One reading writes a snapshot, target_metrics, posts and metric_daily: one bump.
    await ingest.recordReadings([reading(targetId, 5)], new Date());
    expect(await versionOf(userId)).toBe(published + 1);
    // The sync's rescheduling writes only next_sync_at and last_error: no answer changes.
    await testDb()
      .update(targetMetrics)
      .set({ nextSyncAt: new Date(Date.now() + 60_000), lastError: "waiting" })
      .where(eq(targetMetrics.postTargetId, targetId));
    expect(await versionOf(userId)).toBe(published + 1);
  });
});
