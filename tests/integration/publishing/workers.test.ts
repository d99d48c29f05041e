import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts, postTargets } from "@/db/schema";
import { expectEachOnce, useWorkersWorld, sandbox, until, type World } from "../../fixtures/publishing";
import { sleep } from "../../fixtures/sleep";

/**
 * Several worker processes on one backlog, all killed -9 mid-publish and replaced. Its own database
 * and Redis prefix (the fixture's world): the run's own worker would otherwise take a share of the
 * posts, and the kills would prove nothing when it happened to take them all.
 */

// The stuck report reads this world's queue.
const worldOf = useWorkersWorld();
let world: World;
beforeAll(() => {
  world = worldOf();
});

/** What the targets not yet published look like, and their posts' jobs in BullMQ: printed when the deadline passes. */
async function stuckReport(postIds: string[]): Promise<string> {
  const rows = await world.db
    .select({
      postId: postTargets.postId,
      status: postTargets.status,
      attempts: postTargets.attempts,
      errorCode: postTargets.errorCode,
      errorMessage: postTargets.errorMessage,
      nextAttemptAt: postTargets.nextAttemptAt,
      publishingStartedAt: postTargets.publishingStartedAt,
      sentAt: postTargets.sentAt,
      postStatus: posts.status,
      version: posts.scheduleVersion,
    })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(inArray(postTargets.postId, postIds));
  const { publishQueue, publishJobId } = await import("@/lib/publishing/server/publish-queue");
  const lines: string[] = [`now ${new Date().toISOString()}`];
  for (const row of rows.filter((target) => target.status !== "published")) {
    const job = await publishQueue().getJob(publishJobId({ postId: row.postId, scheduleVersion: row.version }));
    const state = job ? await job.getState() : "no job";
    lines.push(JSON.stringify({ ...row, job: state, jobAttempts: job?.attemptsMade, stalled: job?.stalledCounter }));
  }
  return lines.join("\n");
}

describe("several workers, and a worker killed mid-publish", () => {
  it(
    "several workers on 200 due targets, killed -9 mid-publish and replaced: every target published exactly once",
    { timeout: 180_000 },
    async () => {
      const { userId, pages } = await world.connectPages(4);
      for (const page of pages) await sandbox().setPublishLatency(1_000, page.pageId);
      // Workers first, all of them up (heartbeats), so the posts spread over every worker.
      const started = await world.startWorkers(3);

      const label = `Batch ${Date.now()}`;
      const made = await world.seedPosts(userId, pages, 50, () => new Date(), label);
      const postIds = made.map((post) => post.id);
      const total = postIds.length * pages.length;
      // The posts' jobs, as a worker's reconcile would queue them (the backstop after a kill).
      const { reconcile } = await import("@/lib/publishing/server/reconcile");
      await reconcile();

      // Mid-publish: pages out already, and pages on their way to the platform right now.
      await until(
        async () => ((await world.targetCounts(postIds)).published ?? 0) >= 20 && (await world.inFlight(postIds)) >= 10,
        60_000,
        "20 pages published and 10 in flight",
      );
      // kill -9 every worker, then bring up two more.
      for (const worker of started) world.crash(worker);
      world.spawn();
      world.spawn();

      const finish = Date.now() + 150_000;
      while (((await world.targetCounts(postIds)).published ?? 0) < total && Date.now() < finish) await sleep(500);
      if (((await world.targetCounts(postIds)).published ?? 0) < total) console.error(await stuckReport(postIds));
      expect((await world.targetCounts(postIds)).published).toBe(total);

      for (const page of pages) await expectEachOnce(page.pageId, `${label} #`, postIds.length);
      // The kill really hit work in flight: some targets were taken over from the dead workers.
      const attempts = await world.db
        .select({ attempts: postTargets.attempts })
        .from(postTargets)
        .where(inArray(postTargets.postId, postIds));
      expect(attempts.some((row) => row.attempts > 1)).toBe(true);
      const settled = await world.db.select({ status: posts.status }).from(posts).where(inArray(posts.id, postIds));
      expect(settled.every((row) => row.status === "published")).toBe(true);
      for (const page of pages) await sandbox().setPublishLatency(0, page.pageId);
    },
  );
});
