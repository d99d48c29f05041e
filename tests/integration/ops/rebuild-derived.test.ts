import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  analyticsVersions,
  metricDaily,
  metricSnapshots,
  postCounts,
  postDocuments,
  posts,
  targetMetrics,
  users,
  workspaces,
} from "@/db/schema";
import type { MediaItem } from "@/lib/media/schemas";
import { registeredClient, type ApiClient } from "../../fixtures/api-client";
import { pngBytes } from "../../fixtures/media-files";
import { reading } from "../../fixtures/metric-readings";
import { connectFacebook, sandbox, uid } from "../../fixtures/social";
import { sleep } from "../../fixtures/sleep";
import { testDb } from "../../fixtures/test-db";
import { connectTwitter, draft, metricsOf, publishNow, until } from "../analytics/helpers";
import { testStack } from "../../fixtures/test-stack";

/**
 * `npm run db:rebuild-derived` (lib/derived/server/rebuild.ts): a database filled through the
 * app's own paths, each derived store then corrupted, and the rebuild must give back exactly what
 * the app's writers had kept; run again, it changes nothing. Run while the app writes, it leaves
 * nothing wrong, and a reading held open while a post or a user's days are repaired is waited for.
 */

beforeAll(() => {
  // The rebuild runs in this process, on the run's database.
  Object.assign(process.env, testStack().env);
});
afterAll(async () => {
  const { closeDb } = await import("@/db");
  await closeDb();
});

const rebuild = async () => (await import("@/lib/derived/server/rebuild")).rebuildDerived();

async function listAll(client: ApiClient) {
  const response = await client.get("/api/post?limit=100");
  expect(response.status, response.text).toBe(200);
  return response.body.posts as { id: string; status: string }[];
}

/** A user with Facebook Pages and X, posts in every status, media, edits, a delete and readings. */
async function busyUser() {
  const { client, user } = await registeredClient();
  const { account: facebook, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 2));
  const { account: x } = await connectTwitter(client);
  const [fb0, fb1] = facebook.pages.map((page) => ({ id: page.id, platform: "facebook" }));
  const tw = { id: x.pages[0]!.id, platform: "twitter" };

  const upload = new FormData();
  upload.append("media", new Blob([new Uint8Array(pngBytes(4, 3))], { type: "image/png" }), "shop.png");
  expect((await client.request("POST", "/api/media/upload", { body: upload })).status).toBe(201);
  const [file] = (await client.get("/api/media/user")).body.data as MediaItem[];

  const withMedia = await draft(client, [fb0!], `With a picture ${uid()}`);
  const edited = await client.request("PUT", `/api/post/${withMedia}`, {
    json: { content: `Edited ${uid()}`, media: [file!.filename] },
  });
  expect(edited.status, edited.text).toBe(200);

  const scheduled = await draft(client, [fb0!, tw], `Later ${uid()}`);
  const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const schedule = await client.request("PUT", `/api/post/${scheduled}`, {
    json: { status: "scheduled", scheduledAt: later },
  });
  expect(schedule.status, schedule.text).toBe(200);

  const published = await draft(client, [fb0!, tw], `Out now ${uid()}`);
  await publishNow(client, published);
  const pages = await until(
    () => metricsOf(published),
    (rows) => rows.length === 2 && rows.every((row) => row.capturedAt !== null),
    "both pages to be read",
  );
  // A second reading of each page, later: growth between readings for the daily rollups.
  const { recordReadings } = await import("@/lib/analytics/server/ingest");
  await recordReadings(
    pages.map((page, index) => reading(page.postTargetId, (page.views ?? 0) + 50 + index, page.likes + 5, 2, 1)),
    new Date(Date.now() + 60_000),
  );

  await sandbox().expireFacebookPageToken(fbUser.pages[1]!.id);
  const failed = await draft(client, [fb1!], `Refused ${uid()}`);
  await client.post(`/api/post/${failed}/publish`, {});
  await until(
    async () => (await client.get(`/api/post/${failed}`)).body.post as { status: string },
    (post) => post.status === "failed",
    "the post to fail",
  );

  const deleted = await draft(client, [fb0!], `Gone soon ${uid()}`);
  expect((await client.request("DELETE", `/api/post/${deleted}`)).status).toBe(200);

  // A new zone re-dates the rollups (updateTimeZone); the readings are then on Tokyo's days.
  expect((await client.request("PATCH", "/api/auth/user", { json: { timeZone: "Asia/Tokyo" } })).status).toBe(200);

  const listed = await listAll(client);
  expect(new Set(listed.map((post) => post.status))).toEqual(new Set(["draft", "scheduled", "published", "failed"]));
  return { client, id: user.id };
}

async function quietUser() {
  const { client, user } = await registeredClient();
  const { account } = await connectFacebook(client, (ids) => ids.slice(0, 1));
  const page = { id: account.pages[0]!.id, platform: "facebook" };
  for (const content of ["One", "Two", "Three"]) await draft(client, [page], `${content} ${uid()}`);
  await listAll(client);
  return { client, id: user.id };
}

/** What every derived store holds for these users, in a form that compares what it means. */
async function stores(userIds: string[]) {
  const db = testDb();
  const ownPosts = db.select({ id: posts.id }).from(posts).where(inArray(posts.workspaceId, userIds));
  const counts = await db
    .select({
      userId: postCounts.workspaceId,
      status: postCounts.status,
      count: sql<number>`sum(${postCounts.count})::int`,
    })
    .from(postCounts)
    .where(inArray(postCounts.workspaceId, userIds))
    .groupBy(postCounts.workspaceId, postCounts.status)
    .having(sql`sum(${postCounts.count}) <> 0`)
    .orderBy(postCounts.workspaceId, postCounts.status);
  const totals = await db
    .select({
      id: posts.id,
      views: posts.viewsTotal,
      likes: posts.likesTotal,
      comments: posts.commentsTotal,
      shares: posts.sharesTotal,
    })
    .from(posts)
    .where(inArray(posts.workspaceId, userIds))
    .orderBy(posts.id);
  const figures = await db
    .select({
      id: targetMetrics.postTargetId,
      views: targetMetrics.views,
      likes: targetMetrics.likes,
      comments: targetMetrics.comments,
      shares: targetMetrics.shares,
      reach: targetMetrics.reach,
      capturedAt: targetMetrics.capturedAt,
    })
    .from(targetMetrics)
    .where(inArray(targetMetrics.workspaceId, userIds))
    .orderBy(targetMetrics.postTargetId);
  const daily = await db
    .select()
    .from(metricDaily)
    .where(inArray(metricDaily.workspaceId, userIds))
    .orderBy(metricDaily.workspaceId, metricDaily.day, metricDaily.platform);
  const documents = await db
    .select({ id: postDocuments.postId, shape: postDocuments.shape, json: postDocuments.json })
    .from(postDocuments)
    .where(inArray(postDocuments.postId, ownPosts))
    .orderBy(postDocuments.postId);
  const versions = await db
    .select({ userId: users.id, version: sql<number>`coalesce(sum(${analyticsVersions.version}), 0)::float8` })
    .from(users)
    .leftJoin(analyticsVersions, eq(analyticsVersions.workspaceId, users.id))
    .where(inArray(users.id, userIds))
    .groupBy(users.id)
    .orderBy(users.id);
  return {
    counts,
    totals,
    figures,
    daily,
    documents,
    versions: Object.fromEntries(versions.map((row) => [row.userId, Number(row.version)])),
  };
}

/** Until the deadline, whether a statement like `pattern` waits on a lock (the run's database). */
async function waitForLockWait(pattern: string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { rows } = await testDb().execute(sql`select 1 from pg_stat_activity
      where wait_event_type = 'Lock' and query ilike ${pattern} and datname = current_database()`);
    if (rows.length > 0) return;
    await sleep(20);
  }
  throw new Error(`no statement like ${pattern} waited on a lock within 10 s`);
}

type Stores = Awaited<ReturnType<typeof stores>>;

/** Every store but the analytics versions, which a rebuild moves on rather than gives back. */
const kept = ({ versions: _versions, ...rest }: Stores) => rest;

describe("rebuilding the derived stores", () => {
  it("gives back what the app's writers kept, whichever store is wrong, and a second run changes nothing", async () => {
    const busy = await busyUser();
    const quiet = await quietUser();
    const [busyId, quietId] = [busy.id, quiet.id];
    const ids = [busyId, quietId];
    // The stores as the app keeps them; the documents of every post stored by the reads above.
    const before = await stores(ids);
    const shown = [await listAll(busy.client), await listAll(quiet.client)];
    expect(before.documents.length).toBe(before.totals.length);
    expect(before.daily.length).toBeGreaterThan(0);
    expect(before.figures.some((row) => row.likes > 0)).toBe(true);
    expect(before.versions[busyId]).toBeGreaterThan(0);

    const db = testDb();
    const postsOf = async (userId: string) =>
      (await db.select({ id: posts.id }).from(posts).where(eq(posts.workspaceId, userId)).orderBy(posts.id)).map(
        (row) => row.id,
      );
    const [firstQuiet, secondQuiet, thirdQuiet] = await postsOf(quietId);
    const busyPosts = (await postsOf(busyId)).length;
    // post_counts: a count off by three in another slot, and a user's counters gone.
    await db.execute(sql`insert into ${postCounts} (workspace_id, status, slot, count) values (${busyId}, 'draft', 7, 3)
      on conflict (workspace_id, status, slot) do update set count = ${postCounts}.count + 3`);
    await db.delete(postCounts).where(eq(postCounts.workspaceId, quietId));
    // posts.*_total and target_metrics' figures.
    await db.execute(sql`update ${posts} set views_total = 999, likes_total = 0 where workspace_id = ${busyId}`);
    await db.execute(sql`update ${targetMetrics} set views = 12345, likes = likes + 7 where workspace_id = ${busyId}`);
    // metric_daily: a day that never was, and a day's figures off.
    await db.execute(sql`update ${metricDaily} set likes = likes + 100 where workspace_id = ${busyId}`);
    await db.execute(
      sql`insert into ${metricDaily} (workspace_id, platform, day, views) values (${busyId}, 'linkedin', '2001-01-01', 5)`,
    );
    // post_documents: wrong text of the current shape, another shape, none, and one with no post.
    await db.update(postDocuments).set({ json: '{"corrupt":true}' }).where(eq(postDocuments.postId, firstQuiet!));
    await db.update(postDocuments).set({ shape: 1 }).where(eq(postDocuments.postId, secondQuiet!));
    await db.delete(postDocuments).where(eq(postDocuments.postId, thirdQuiet!));
    const orphan = randomUUID();
    await db.insert(postDocuments).values({ postId: orphan, gen: 3, shape: before.documents[0]!.shape, json: "{}" });
    // analytics_versions: a user's slots lost, which brings the version back to 0.
    await db.delete(analyticsVersions).where(eq(analyticsVersions.workspaceId, busyId));

    const corrupted = await stores(ids);
    for (const store of ["counts", "totals", "figures", "daily", "documents", "versions"] as const)
      expect(corrupted[store], `${store} corrupted`).not.toEqual(before[store]);

    const report = await rebuild();
    const after = await stores(ids);
    expect(kept(after)).toEqual(kept(before));
    expect(await db.select().from(postDocuments).where(eq(postDocuments.postId, orphan))).toEqual([]);
    // Every version moved past any value it held, the lost one too: no cached answer is used again.
    for (const id of ids)
      expect(after.versions[id]).toBeGreaterThan(Math.max(before.versions[id]!, corrupted.versions[id]!));
    // What was repaired (at least: the run's other files' data is rebuilt too).
    expect(report.targetFigures).toBeGreaterThanOrEqual(before.figures.length);
    expect(report.postTotals).toBeGreaterThanOrEqual(busyPosts);
    expect(report.postCounts).toBeGreaterThanOrEqual(2);
    expect(report.dailyRollups).toBeGreaterThanOrEqual(before.daily.length + 1);
    expect(report.postDocuments.stored).toBeGreaterThanOrEqual(4);
    expect(report.postDocuments.removed).toBeGreaterThanOrEqual(1);
    expect(report.analyticsVersions).toBeGreaterThanOrEqual(2);
    // Nothing a user sees changed.
    expect([await listAll(busy.client), await listAll(quiet.client)]).toEqual(shown);

    // A second run gives the same stores, and moves the versions on again.
    await rebuild();
    const again = await stores(ids);
    expect(kept(again)).toEqual(kept(before));
    for (const id of ids) expect(again.versions[id]).toBeGreaterThan(after.versions[id]!);
  });

  it("run again and again while pages are read and posts written and deleted, it leaves every store right", async () => {
    const { client, user } = await registeredClient();
    const { account: facebook } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    const { account: x } = await connectTwitter(client);
    const fb = { id: facebook.pages[0]!.id, platform: "facebook" };
    const published = await draft(client, [fb, { id: x.pages[0]!.id, platform: "twitter" }], `Busy ${uid()}`);
    await publishNow(client, published);
    const pages = await until(
      () => metricsOf(published),
      (rows) => rows.length === 2 && rows.every((row) => row.capturedAt !== null),
      "both pages to be read",
    );
    const { recordReadings } = await import("@/lib/analytics/server/ingest");

    let stop = false;
    const readings = (async () => {
      for (let n = 1; !stop; n += 1)
        await recordReadings(
          pages.map((page) => reading(page.postTargetId, 100 * n, 10 * n, n, n)),
          new Date(Date.now() + n * 60_000),
        );
    })();
    // The plan counts every post made, so a few drafts, scheduled and put back again and again.
    const drafts = [];
    for (const n of [1, 2, 3]) drafts.push(await draft(client, [fb], `Draft ${n} ${uid()}`));
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const writes = (async () => {
      for (let n = 1; !stop; n += 1) {
        const id = drafts[n % drafts.length]!;
        const edit =
          n % 2 === 0 ? { status: "scheduled", scheduledAt: later } : { status: "draft", content: `Again ${n}` };
        if (n === 7) expect((await client.request("DELETE", `/api/post/${drafts.pop()}`)).status).toBe(200);
        else expect((await client.request("PUT", `/api/post/${id}`, { json: edit })).status).toBe(200);
      }
    })();
    const rebuilds = (async () => {
      let runs = 0;
      for (; !stop; runs += 1) await rebuild();
      return runs;
    })();
    await sleep(4_000);
    stop = true;
    const [runs] = await Promise.all([rebuilds, readings, writes]);
    expect(runs).toBeGreaterThan(0);

    // Nothing the runs wrote meanwhile was wrong: one more finds nothing to repair.
    const report = await rebuild();
    expect(report).toMatchObject({ targetFigures: 0, postTotals: 0, dailyRollups: 0, postCounts: 0 });
    // And the stored documents are the ones the sources give (none stored: built again, equal).
    const shown = await listAll(client);
    const db = testDb();
    await db
      .delete(postDocuments)
      .where(
        inArray(postDocuments.postId, db.select({ id: posts.id }).from(posts).where(eq(posts.workspaceId, user.id))),
      );
    expect(await listAll(client)).toEqual(shown);
  });

  it("a reading being stored while a post is repaired is waited for, not written over", async () => {
    const { client } = await registeredClient();
    const { account: facebook } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    const published = await draft(client, [{ id: facebook.pages[0]!.id, platform: "facebook" }], `Raced ${uid()}`);
    await publishNow(client, published);
    const [page] = await until(
      () => metricsOf(published),
      (rows) => rows.length === 1 && rows[0]!.capturedAt !== null,
      "the page to be read",
    );
    const db = testDb();
    await db.execute(sql`update ${posts} set likes_total = 999 where id = ${published}`);

    // A reading stored as the ingest stores it (the post's row first), held open while the
    // rebuild repairs the post, then committed.
    let rebuilding: ReturnType<typeof rebuild> | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${posts} where id = ${published} for no key update`);
      await tx.execute(sql`insert into ${metricSnapshots} (post_target_id, captured_at, views, likes, comments, shares, reach)
        values (${page!.postTargetId}, now() + interval '1 minute', 500, 50, 5, 1, 0)`);
      await tx.execute(sql`update ${targetMetrics} set views = 500, likes = 50, comments = 5, shares = 1, reach = 0,
        captured_at = now() + interval '1 minute' where post_target_id = ${page!.postTargetId}`);
      await tx.execute(sql`update ${posts} set views_total = 500, likes_total = 50, comments_total = 5, shares_total = 1
        where id = ${published}`);
      rebuilding = rebuild();
      await waitForLockWait('%"posts"%');
    });
    await rebuilding;
    const [totals] = await db
      .select({ views: posts.viewsTotal, likes: posts.likesTotal, comments: posts.commentsTotal })
      .from(posts)
      .where(eq(posts.id, published));
    expect(totals).toEqual({ views: 500, likes: 50, comments: 5 });
  });

  it("a reading being added to a day while the days are rebuilt is waited for, not lost", async () => {
    const { client, user } = await registeredClient();
    const { account: facebook } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    const published = await draft(client, [{ id: facebook.pages[0]!.id, platform: "facebook" }], `Dated ${uid()}`);
    await publishNow(client, published);
    const [page] = await until(
      () => metricsOf(published),
      (rows) => rows.length === 1 && rows[0]!.capturedAt !== null,
      "the page to be read",
    );
    const db = testDb();
    await db.execute(sql`update ${metricDaily} set likes = likes + 100 where workspace_id = ${user.id}`);

    // A reading stored as the ingest stores it (the workspace's row first, shared), its growth added
    // to today's row, held open while the rebuild runs, then committed.
    let rebuilding: ReturnType<typeof rebuild> | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${workspaces} where id = ${user.id} for share`);
      await tx.execute(sql`select 1 from ${posts} where id = ${published} for no key update`);
      await tx.execute(sql`insert into ${metricSnapshots} (post_target_id, captured_at, views, likes, comments, shares, reach)
        values (${page!.postTargetId}, now(), ${(page!.views ?? 0) + 10}, ${page!.likes + 7}, ${page!.comments},
          ${page!.shares}, ${page!.reach})`);
      await tx.execute(sql`update ${targetMetrics} set views = ${(page!.views ?? 0) + 10}, likes = ${page!.likes + 7},
        captured_at = now() where post_target_id = ${page!.postTargetId}`);
      await tx.execute(sql`insert into ${metricDaily} (workspace_id, platform, day, views, likes)
        values (${user.id}, 'facebook', (now() at time zone 'UTC')::date, 10, 7)
        on conflict (workspace_id, day, platform) do update set views = ${metricDaily}.views + 10,
          likes = ${metricDaily}.likes + 7`);
      await tx.execute(sql`update ${posts} set views_total = views_total + 10, likes_total = likes_total + 7
        where id = ${published}`);
      rebuilding = rebuild();
      await waitForLockWait("%workspaces%");
    });
    await rebuilding;
    // The user's days are what their snapshots give, the held reading's included.
    const { rebuildDailyRollups } = await import("@/lib/analytics/server/ingest");
    expect(await rebuildDailyRollups(user.id)).toBe(0);
  });
});
