import { eq, gte, inArray } from "drizzle-orm";
import { afterEach, describe, expect, inject, it } from "vitest";
import { posts, postTargets, workerHeartbeats } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import { connectFacebook, uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { crashWorker, spawnWorker, stopChild } from "../../setup/stack";

const started: ReturnType<typeof spawnWorker>[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map(stopChild));
  await control("/publish/latency", { ms: 0 });
});

async function control(path: string, body: unknown) {
  await fetch(`${inject("stack").sandboxUrl}/_control${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function publishedTexts(pageId: string): Promise<string[]> {
  const response = await fetch(
    `${inject("stack").sandboxUrl}/_control/publish/posts?platform=facebook&target=${pageId}`,
  );
  return ((await response.json()) as { posts: { text: string }[] }).posts.map((post) => post.text);
}

async function countTargets(postIds: string[], status: "published") {
  const rows = await testDb()
    .select({ status: postTargets.status })
    .from(postTargets)
    .where(inArray(postTargets.postId, postIds));
  return rows.filter((row) => row.status === status).length;
}

/** What the targets not yet published look like, and their posts' jobs in BullMQ: printed when the deadline passes. */
async function stuckReport(postIds: string[]): Promise<string> {
  const rows = await testDb()
    .select({
      postId: postTargets.postId,
      status: postTargets.status,
      attempts: postTargets.attempts,
      errorCode: postTargets.errorCode,
      errorMessage: postTargets.errorMessage,
      nextAttemptAt: postTargets.nextAttemptAt,
      publishingStartedAt: postTargets.publishingStartedAt,
      postStatus: posts.status,
      version: posts.scheduleVersion,
    })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(inArray(postTargets.postId, postIds));
  const { publishQueue, publishJobId, closePublishQueue } = await import("@/lib/server/queue/publish-queue");
  const lines: string[] = [`now ${new Date().toISOString()}`];
  for (const row of rows.filter((target) => target.status !== "published")) {
    const job = await publishQueue().getJob(publishJobId({ postId: row.postId, scheduleVersion: row.version }));
    const state = job ? await job.getState() : "no job";
    lines.push(JSON.stringify({ ...row, job: state, jobAttempts: job?.attemptsMade, stalled: job?.stalledCounter }));
  }
  await closePublishQueue();
  return lines.join("\n");
}

describe("several workers, and a worker killed mid-publish", () => {
  it(
    "several workers on 200 due targets, killed -9 mid-publish and replaced: every target published exactly once",
    { timeout: 180_000 },
    async () => {
      const stack = inject("stack");
      const { client, user } = await registeredClient();
      const { account, fbUser } = await connectFacebook(client, (ids) => ids, undefined, 4);
      // Workers first, all of them up (heartbeats), so the jobs spread over every worker.
      await control("/publish/latency", { ms: 1_000 });
      const since = new Date();
      for (let index = 0; index < 3; index += 1) started.push(spawnWorker(stack.env));
      const up = Date.now() + 60_000;
      while (
        (await testDb().select().from(workerHeartbeats).where(gte(workerHeartbeats.startedAt, since))).length < 3 &&
        Date.now() < up
      ) {
        await new Promise((r) => setTimeout(r, 200));
      }

      const run = uid();
      // Posts and targets in one transaction, as the product writes them: the stack's own worker is
      // always running, and a post it saw without targets would be settled as published at once.
      const postIds = await testDb().transaction(async (tx) => {
        const rows = await tx
          .insert(posts)
          .values(
            Array.from({ length: 50 }, (_, index) => ({
              userId: user.id,
              content: `Batch ${run} #${index}`,
              status: "scheduled" as const,
              scheduledAt: new Date(),
            })),
          )
          .returning({ id: posts.id });
        const ids = rows.map((row) => row.id);
        await tx.insert(postTargets).values(
          ids.flatMap((postId) =>
            account.pages.map((page) => ({
              postId,
              pageId: page.id,
              type: "post" as const,
              platform: "facebook" as const,
              pageName: page.name,
            })),
          ),
        );
        return ids;
      });
      const total = postIds.length * account.pages.length;

      Object.assign(process.env, stack.env);
      const { reconcile } = await import("@/lib/publishing/server/reconcile");
      const { closePublishQueue } = await import("@/lib/server/queue/publish-queue");
      await reconcile();
      await closePublishQueue();

      const deadline = Date.now() + 60_000;
      while ((await countTargets(postIds, "published")) < 20 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      // kill -9 every worker we started (the stack's own worker keeps running), then bring up two more.
      for (const worker of started) crashWorker(worker);
      started.push(spawnWorker(stack.env), spawnWorker(stack.env));

      const finish = Date.now() + 150_000;
      while ((await countTargets(postIds, "published")) < total && Date.now() < finish)
        await new Promise((r) => setTimeout(r, 500));
      if ((await countTargets(postIds, "published")) < total) console.error(await stuckReport(postIds));
      expect(await countTargets(postIds, "published")).toBe(total);

      for (const page of fbUser.pages) {
        const texts = (await publishedTexts(page.id)).filter((text) => text.startsWith(`Batch ${run} `));
        expect(texts).toHaveLength(postIds.length);
        expect(new Set(texts).size).toBe(postIds.length);
      }
      // The kill really hit work in flight: some targets were taken over from the dead worker.
      const attempts = await testDb()
        .select({ attempts: postTargets.attempts })
        .from(postTargets)
        .where(inArray(postTargets.postId, postIds));
      expect(attempts.some((row) => row.attempts > 1)).toBe(true);
      const settled = await testDb().select({ status: posts.status }).from(posts).where(eq(posts.userId, user.id));
      expect(settled.every((row) => row.status === "published")).toBe(true);
    },
  );
});
