import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { metricDaily, posts, socialAccounts, targetMetrics } from "@/db/schema";
import { localDay } from "@/lib/analytics/metrics-math";
import { registeredClient } from "../../fixtures/api-client";
import { connectFacebook, sandbox, uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import {
  accountRow,
  connectTwitter,
  draft,
  expectedFigures,
  metricsOf,
  publishNow,
  snapshotsOf,
  targetsOf,
  until,
} from "./helpers";

/**
 * The metrics sync against the run's worker and sandbox: published pages are read from the
 * platforms, stored as snapshots, current totals and daily rollups, and shown by every endpoint to
 * their owner only. Faults come from the sandbox (rate limits, dead tokens, deleted posts).
 */

const synced = (postId: string, count: number) =>
  until(
    () => metricsOf(postId),
    (rows) => rows.length === count && rows.every((row) => row.capturedAt !== null),
    "every page of the post to be read",
  );

describe("metrics sync", () => {
  it("a sync writes snapshots, totals and rollups, and every endpoint shows them to the owner only", async () => {
    const { client } = await registeredClient();
    const { account: facebook } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    const { account: x } = await connectTwitter(client);
    const postId = await draft(
      client,
      [
        { id: facebook.pages[0]!.id, platform: "facebook" },
        { id: x.pages[0]!.id, platform: "twitter" },
      ],
      `Measured ${uid()}`,
    );
    await publishNow(client, postId);
    const rows = await synced(postId, 2);
    const targets = await targetsOf(postId);

    // Each page's figures are exactly what its platform answered (Graph insights + summaries; X public_metrics).
    for (const row of rows) {
      const target = targets.find((t) => t.id === row.postTargetId)!;
      const candidates = await expectedFigures(
        row.platform as "facebook" | "twitter",
        target.platformPostId!,
        row.capturedAt!,
      );
      const expected = candidates.map((e) =>
        row.platform === "facebook"
          ? { views: e.views, likes: e.reactions, comments: e.comments, shares: e.shares, reach: e.reach }
          : { views: e.views, likes: e.reactions, comments: e.comments, shares: e.shares + e.quotes, reach: null },
      );
      const stored = {
        views: row.views,
        likes: row.likes,
        comments: row.comments,
        shares: row.shares,
        reach: row.reach,
      };
      expect(expected, row.platform).toContainEqual(stored);
      expect(row.views).toBeGreaterThan(0);
    }
    const snapshots = await snapshotsOf(rows.map((row) => row.postTargetId));
    expect(snapshots.length).toBeGreaterThanOrEqual(2);

    const sum = (key: "views" | "likes" | "comments" | "shares") =>
      rows.reduce((total, row) => total + (row[key] ?? 0), 0);
    const [post] = await testDb().select().from(posts).where(eq(posts.id, postId));
    expect({ views: post!.viewsTotal, likes: post!.likesTotal }).toEqual({ views: sum("views"), likes: sum("likes") });
    // Rollups: the first reading's growth is the whole figure, on today's UTC day (the default zone).
    const userId = post!.workspaceId;
    const days = await testDb()
      .select()
      .from(metricDaily)
      .where(and(eq(metricDaily.workspaceId, userId)));
    expect(days.reduce((total, day) => total + day.views, 0)).toBe(sum("views"));
    expect(new Set(days.map((day) => day.day))).toEqual(new Set(rows.map((row) => localDay(row.capturedAt!, "UTC"))));

    // The endpoints (All Time, and Last 7 Days as the page sends it).
    const overview = (await client.get("/api/analytics/overview")).body.data as Record<string, unknown>;
    expect(overview).toMatchObject({ totalViews: sum("views"), totalLikes: sum("likes"), totalPosts: 1 });
    const week = `startDate=${new Date(Date.now() - 7 * 86_400_000).toISOString()}&endDate=${new Date().toISOString()}`;
    const recent = (await client.get(`/api/analytics/overview?${week}`)).body.data as Record<string, unknown>;
    expect(recent).toMatchObject({ totalViews: sum("views"), totalPosts: 1 });
    expect((recent.change as Record<string, unknown>).totalViews).toBeNull(); // nothing the week before
    const platforms = (await client.get(`/api/analytics/platforms?${week}`)).body.data as {
      platform: string;
      views: number;
      posts: number;
    }[];
    expect(platforms.map((p) => p.platform).sort()).toEqual(["facebook", "twitter"]);
    for (const stat of platforms) expect(stat.views).toBe(rows.find((r) => r.platform === stat.platform)!.views);
    const points = (await client.get(`/api/analytics/performance?${week}`)).body.data as {
      date: string;
      views: number;
    }[];
    expect(points).toHaveLength(8);
    expect(points.reduce((total, point) => total + point.views, 0)).toBe(sum("views"));
    const top = (await client.get("/api/analytics/top-posts?limit=10&sortBy=views")).body.data as {
      _id: string;
      metrics: { views: number; engagementRate: number };
      platforms: string[];
    }[];
    expect(top.map((t) => t._id)).toEqual([postId]);
    expect(top[0]!.platforms).toEqual(["facebook", "twitter"]);
    expect(top[0]!.metrics.views).toBe(sum("views"));
    expect(top[0]!.metrics.engagementRate).toBeCloseTo((sum("likes") + sum("comments") + sum("shares")) / sum("views"));
    const dto = (await client.get(`/api/post/${postId}`)).body.post as { metrics: { views_sum: number } };
    expect(dto.metrics.views_sum).toBe(sum("views"));
    const csv = await client.get("/api/analytics/export/daily");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.text.split("\r\n")[0]).toBe("date,platform,views,likes,comments,shares,reach");

    // Another user sees none of it, on any endpoint.
    const { client: other } = await registeredClient();
    const theirs = (await other.get("/api/analytics/overview")).body.data as Record<string, number>;
    expect(theirs).toMatchObject({ totalViews: 0, totalLikes: 0, totalPosts: 0, totalReach: 0 });
    expect((await other.get("/api/analytics/platforms")).body.data).toEqual([]);
    expect((await other.get("/api/analytics/top-posts")).body.data).toEqual([]);
    expect((await other.get("/api/analytics/performance")).body.data).toEqual([]);
    expect(((await other.get("/api/analytics/best-times")).body.data as { totalPosts: number }).totalPosts).toBe(0);
    expect((await other.get("/api/analytics/export/top-posts")).text).not.toContain(postId);
    expect((await other.get("/api/analytics/export/daily")).text).toBe(
      "date,platform,views,likes,comments,shares,reach\r\n",
    );
    expect(((await other.get("/api/analytics/activity")).body.data as { items: unknown[] }).items).toEqual([]);
    expect((await other.get(`/api/post/${postId}`)).status).toBe(404);
  });

  it("X's 429 delays that account's reads until X's reset, and then reads everything", async () => {
    const { client } = await registeredClient();
    const { account, twitterUserId } = await connectTwitter(client);
    await sandbox().publishFaults({
      platform: "twitter",
      kind: "rate_limit",
      target: twitterUserId,
      operations: ["metrics"],
      times: 1,
      resetAfterSeconds: 3,
    });
    const postId = await draft(client, [{ id: account.pages[0]!.id, platform: "twitter" }], `Throttled ${uid()}`);
    await publishNow(client, postId);
    const [limited] = await until(
      () => metricsOf(postId),
      ([row]) => row?.lastError?.startsWith("Rate limited") ?? false,
      "the read to be rate limited",
    );
    // Due again at X's reset (x-rate-limit-reset, whole seconds), not before; nothing stored yet.
    const calls = () => sandbox().publishCalls({ platform: "twitter", target: twitterUserId, metricReads: true });
    const refused = (await calls()).filter((call) => call.operation === "metrics");
    expect(refused.map((call) => call.status)).toEqual([429]);
    expect(limited!.nextSyncAt!.getTime()).toBeGreaterThan(refused[0]!.atMs + 1_000);
    expect(await snapshotsOf([limited!.postTargetId])).toEqual([]);

    const [read] = await synced(postId, 1);
    const after = (await calls()).filter((call) => call.operation === "metrics");
    expect(after.map((call) => call.status)).toEqual([429, 200]);
    expect(after[1]!.atMs).toBeGreaterThanOrEqual(limited!.nextSyncAt!.getTime() - 1_000);
    expect(read!.views).toBeGreaterThan(0);
    expect(await snapshotsOf([read!.postTargetId])).toHaveLength(1);
  });

  it("an expired token stops the account's reads and flags it, with no retries", async () => {
    const { client } = await registeredClient();
    const { account, twitterUserId } = await connectTwitter(client);
    const postId = await draft(client, [{ id: account.pages[0]!.id, platform: "twitter" }], `Revoked ${uid()}`);
    await publishNow(client, postId);
    const [first] = await synced(postId, 1);
    await sandbox().revokeTwitterTokens(twitterUserId);
    await testDb()
      .update(targetMetrics)
      .set({ nextSyncAt: sql`now()` })
      .where(eq(targetMetrics.postTargetId, first!.postTargetId));

    const flagged = await until(
      () => accountRow(account.id),
      (row) => !row.hasValidToken,
      "the account to be flagged",
    );
    expect(flagged.tokenInvalidReason).toBeTruthy();
    const metricCalls = async () =>
      (await sandbox().publishCalls({ platform: "twitter", target: twitterUserId, metricReads: true })).filter(
        (call) => call.operation === "metrics",
      ).length;
    const callsWhenFlagged = await metricCalls();

    // Due again at once: the worker claims it, sees the flag and puts it back without calling X.
    await testDb()
      .update(targetMetrics)
      .set({ nextSyncAt: sql`now()`, lastError: null })
      .where(eq(targetMetrics.postTargetId, first!.postTargetId));
    const [waiting] = await until(
      () => metricsOf(postId),
      ([row]) => row?.lastError !== null && row!.nextSyncAt!.getTime() > Date.now() + 60_000,
      "the flagged account's page to be put back",
    );
    expect(waiting!.lastError).toMatch(/expired/);
    expect(await metricCalls()).toBe(callsWhenFlagged);
    expect(waiting!.views).toBe(first!.views); // the last figures are kept
  });

  it("a post deleted on the platform is marked removed and keeps its last figures", async () => {
    const { client } = await registeredClient();
    const { account } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    const postId = await draft(client, [{ id: account.pages[0]!.id, platform: "facebook" }], `Deleted ${uid()}`);
    await publishNow(client, postId);
    const [first] = await synced(postId, 1);
    const [target] = await targetsOf(postId);
    await sandbox().deletePlatformPost("facebook", target!.platformPostId!);
    await testDb()
      .update(targetMetrics)
      .set({ nextSyncAt: sql`now()` })
      .where(eq(targetMetrics.postTargetId, first!.postTargetId));

    const [removed] = await until(
      () => metricsOf(postId),
      ([row]) => row?.removedAt != null,
      "the post to be marked",
    );
    expect(removed!.nextSyncAt).toBeNull();
    expect(removed!.views).toBe(first!.views);
    const dto = (await client.get(`/api/post/${postId}`)).body.post as {
      pages: { removedAt: string | null }[];
      metrics: { views_sum: number };
    };
    expect(dto.pages[0]!.removedAt).not.toBeNull();
    expect(dto.metrics.views_sum).toBe(first!.views);
    const top = (await client.get("/api/analytics/top-posts")).body.data as { removedOn: string[] }[];
    expect(top[0]!.removedOn).toEqual(["facebook"]);
  });

  it("a platform's 5xx leaves the page due again later, with nothing stored and the account untouched", async () => {
    const { client } = await registeredClient();
    const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    await sandbox().publishFaults({
      platform: "facebook",
      kind: "server_error",
      target: fbUser.pages[0]!.id,
      operations: ["metrics"],
      times: 1,
    });
    const postId = await draft(client, [{ id: account.pages[0]!.id, platform: "facebook" }], `Flaky ${uid()}`);
    await publishNow(client, postId);
    const [failed] = await until(
      () => metricsOf(postId),
      ([row]) => row?.lastError !== null && row?.lastError !== undefined,
      "the failed read to be recorded",
    );
    expect(failed!.capturedAt).toBeNull();
    expect(failed!.nextSyncAt!.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(await snapshotsOf([failed!.postTargetId])).toEqual([]);
    expect((await accountRow(account.id)).hasValidToken).toBe(true);
    // Due again (as after the 5 minutes): read normally.
    await testDb()
      .update(targetMetrics)
      .set({ nextSyncAt: sql`now()` })
      .where(eq(targetMetrics.postTargetId, failed!.postTargetId));
    const [read] = await synced(postId, 1);
    expect(read!.lastError).toBeNull();
    expect(read!.views).toBeGreaterThan(0);
  });

  it("each connected account's followers and posts are refreshed by the worker once a day, as 'Refresh Data' does", async () => {
    const connect = async () => {
      const { client } = await registeredClient();
      const { account, twitterUserId } = await connectTwitter(client);
      const username = (await accountRow(account.id)).accountHandle!;
      return { id: account.id, twitterUserId, username };
    };
    const [fresh, stale] = [await connect(), await connect()];
    const lastSync = (id: string, hoursAgo: number) =>
      testDb()
        .update(socialAccounts)
        .set({ lastSyncAt: new Date(Date.now() - hoursAgo * 3_600_000) })
        .where(eq(socialAccounts.id, id));
    // On X since connecting: new followers and posts.
    for (const [account, followers] of [
      [fresh, 2345],
      [stale, 4321],
    ] as const)
      await sandbox().defineTwitterUser({
        id: account.twitterUserId,
        username: account.username,
        followers_count: followers,
        tweet_count: 77,
      });
    await lastSync(fresh.id, 23);
    await lastSync(stale.id, 25);

    const refreshed = await until(
      () => accountRow(stale.id),
      // The claim moves Last Sync first and the refresh writes the figures after it: wait for both.
      (row) => row.lastSyncAt!.getTime() > Date.now() - 60_000 && row.followerCount === 4321,
      "the stale account to be refreshed",
    );
    expect(refreshed).toMatchObject({ followerCount: 4321, postCount: 77, hasValidToken: true });
    // The pass that took it also saw the other account, synced 23 hours ago: not due yet.
    const notYet = await accountRow(fresh.id);
    expect(notYet.lastSyncAt!.getTime()).toBeLessThan(Date.now() - 22 * 3_600_000);
    expect(notYet.followerCount).not.toBe(2345);

    // A day after its last sync it is refreshed too, and the first one is not read again.
    await lastSync(fresh.id, 24);
    const second = await until(
      () => accountRow(fresh.id),
      (row) => row.lastSyncAt!.getTime() > Date.now() - 60_000 && row.followerCount === 2345,
      "the other account to be refreshed a day after its last sync",
    );
    expect(second).toMatchObject({ followerCount: 2345, postCount: 77 });
    expect((await accountRow(stale.id)).lastSyncAt).toEqual(refreshed.lastSyncAt);
  });
});
