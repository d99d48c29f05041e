import type { ChildProcess } from "node:child_process";
import { inArray, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { metricSnapshots, targetMetrics } from "@/db/schema";
import { sandboxControl } from "@/sandbox/testing";
import { crashWorker, spawnWorker, startStack, stopChild, type Stack } from "../../setup/stack";
import { closeDatabases, connectTwitter, databaseAt, publishAndWait, randomMarker, signedIn } from "../ai/helpers";
import { until } from "./helpers";

/**
 * The metrics sync survives restarts and Redis loss like publishing does: its schedule
 * is in Postgres, and a worker's claim on pages is a lease there. This file has a stack of its own
 * with no worker, so each test decides which worker runs, kills it, and starts the next one; the
 * lease is 5 s (METRICS_LEASE_SECONDS) so a dead worker's pages come back within the test.
 */

const LEASE_SECONDS = 5;
let stack: Stack;
const workers: ChildProcess[] = [];
const db = () => databaseAt(stack.databaseUrl);
const sandbox = () => sandboxControl(stack.sandboxUrl);
const startWorker = () => {
  const worker = spawnWorker({ ...stack.env, METRICS_LEASE_SECONDS: String(LEASE_SECONDS) });
  workers.push(worker);
  return worker;
};

beforeAll(async () => {
  stack = await startStack();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map(stopChild));
});
afterAll(async () => {
  await closeDatabases();
  await stack?.stop();
});

async function publishedToX(count: number) {
  const { client } = await signedIn(stack.appUrl);
  const { pageId, twitterUserId } = await connectTwitter(client);
  const postIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const draft = await client.post("/api/social/posts", {
      pages: [{ type: "post", pageId, platform: "twitter" }],
      content: `Measured ${i} ${randomMarker()}`,
    });
    expect(draft.status, draft.text).toBe(201);
    postIds.push((draft.body.post as { id: string }).id);
  }
  return { client, twitterUserId, postIds };
}

const pagesOf = (postIds: string[]) =>
  db().select().from(targetMetrics).where(inArray(targetMetrics.postId, postIds)).orderBy(targetMetrics.postTargetId);

const snapshotCounts = async (postIds: string[]) => {
  const pages = await pagesOf(postIds);
  const rows = await db()
    .select({ target: metricSnapshots.postTargetId, count: sql<number>`count(*)::int` })
    .from(metricSnapshots)
    .where(
      inArray(
        metricSnapshots.postTargetId,
        pages.map((page) => page.postTargetId),
      ),
    )
    .groupBy(metricSnapshots.postTargetId);
  return pages.map((page) => rows.find((row) => row.target === page.postTargetId)?.count ?? 0);
};

const metricsCalls = async (twitterUserId: string) =>
  (await sandbox().publishCalls({ platform: "twitter", target: twitterUserId, metricReads: true })).filter(
    (call) => call.operation === "metrics",
  );

describe("metrics sync: restarts and Redis loss", () => {
  it("a restarted worker on a wiped Redis still reads every due page, once", async () => {
    startWorker();
    const { client, postIds } = await publishedToX(3);
    for (const postId of postIds) expect((await publishAndWait(client, postId)).status).toBe("published");
    await until(
      () => snapshotCounts(postIds),
      (counts) => counts.length === 3 && counts.every((count) => count >= 1),
      "the first worker to read every page",
    );

    // The worker stops; everything this stack keeps in Redis (the limiter's windows and holds, the
    // queue) is gone; the pages fall due meanwhile.
    await Promise.all(workers.splice(0).map(stopChild));
    const redis = new Redis(stack.env.REDIS_URL!);
    const keys = await redis.keys(`${stack.env.REDIS_PREFIX}:*`);
    expect(keys.some((key) => key.includes(":rate:"))).toBe(true); // the sync's limiter windows were there
    await redis.del(...keys);
    expect(await redis.keys(`${stack.env.REDIS_PREFIX}:*`)).toEqual([]);
    await redis.quit();
    const dueAt = new Date();
    await db().update(targetMetrics).set({ nextSyncAt: dueAt }).where(inArray(targetMetrics.postId, postIds));

    startWorker();
    const counts = await until(
      () => snapshotCounts(postIds),
      (values) => values.every((count) => count >= 2),
      "the restarted worker to read every due page",
    );
    expect(counts).toEqual([2, 2, 2]);
    for (const page of await pagesOf(postIds)) {
      expect(page.capturedAt!.getTime()).toBeGreaterThanOrEqual(dueAt.getTime());
      // Rescheduled on the account's 15-minute grid, not left due.
      expect(page.nextSyncAt!.getTime()).toBeGreaterThan(page.capturedAt!.getTime());
      expect(page.lastError).toBeNull();
    }
  });

  it("a worker killed mid-read leaves its pages claimed until the lease ends, then another reads them", async () => {
    const first = startWorker();
    const { client, twitterUserId, postIds } = await publishedToX(1);
    // X never answers this user's first metrics read: the worker is inside it when it dies.
    await sandbox().publishFaults({
      platform: "twitter",
      kind: "timeout",
      target: twitterUserId,
      operations: ["metrics"],
      times: 1,
    });
    expect((await publishAndWait(client, postIds[0]!)).status).toBe("published");
    await until(
      () => metricsCalls(twitterUserId),
      (calls) => calls.length === 1 && calls[0]!.status === null,
      "the first worker's read to be in flight",
    );
    const [claimed] = await pagesOf(postIds);
    const leaseEnd = claimed!.nextSyncAt!.getTime();
    // Claimed for the lease: due again LEASE_SECONDS after the claim, which was just now.
    expect(leaseEnd).toBeGreaterThan(Date.now());
    expect(leaseEnd).toBeLessThanOrEqual(Date.now() + LEASE_SECONDS * 1000);
    crashWorker(first);

    startWorker();
    const [read] = await until(
      () => pagesOf(postIds),
      ([page]) => page?.capturedAt != null,
      "another worker to read the page once the lease ended",
      30_000,
    );
    const calls = await metricsCalls(twitterUserId);
    expect(calls.map((call) => call.status)).toEqual([null, 200]);
    // Not before the lease ended (the dead worker's claim held), and read once.
    expect(calls[1]!.atMs).toBeGreaterThanOrEqual(leaseEnd - 50);
    expect(read!.views).toBeGreaterThan(0);
    expect(await snapshotCounts(postIds)).toEqual([1]);
  });
});
