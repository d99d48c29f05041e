import { and, eq, inArray, lt, lte, sql } from "drizzle-orm";
import { db } from "@/db";
import { posts, postTargets } from "@/db/schema";
import { env } from "@/lib/server/env";
import {
  enqueuePublishMany,
  parsePublishJobId,
  publishJobId,
  publishQueue,
} from "@/lib/publishing/server/publish-queue";
import { redis } from "@/lib/server/redis";
import { NEEDS_CHECK, UNCERTAIN } from "@/lib/posts/server/target-states";

/**
 * The database is the source of truth; the queue is rebuilt from it. Every scheduled post due
 * within the horizon gets its job (adding an existing job id is a no-op), jobs for posts that are
 * no longer scheduled (or were rescheduled) are removed, and posts missed by more than the allowed
 * lateness while everything was down fail with a reason instead of going out a day late.
 *
 * Each run leaves a mark in Redis; a worker that finds the mark gone (FLUSHALL, a new empty Redis)
 * reconciles at once instead of waiting for its next periodic run.
 */

const HORIZON_MS = 60 * 60_000;
const ADD_CHUNK = 500;

export interface ReconcileReport {
  enqueued: number;
  removedOrphans: number;
  expired: number;
}

const markKey = () => `${env.REDIS_PREFIX}:publish:reconciled`;

/** True when Redis no longer holds the mark of the last reconcile: the queue may have been wiped. */
export async function queueMayBeLost(): Promise<boolean> {
  return (await redis().exists(markKey())) === 0;
}

export async function reconcile(now = new Date()): Promise<ReconcileReport> {
  // Set first: a wipe during this run removes the mark again, and the next check runs us again.
  await redis().set(markKey(), now.toISOString());

  const latest = new Date(now.getTime() - env.PUBLISH_MAX_LATENESS_MINUTES * 60_000);
  const expired = await db
    .update(posts)
    .set({
      status: "failed",
      failureReason: `Missed its scheduled time by more than ${env.PUBLISH_MAX_LATENESS_MINUTES} minutes while publishing was unavailable. Reschedule it.`,
    })
    .where(
      and(
        eq(posts.status, "scheduled"),
        lt(posts.scheduledAt, latest),
        // Only posts whose open pages never started: one with a page under way (being published,
        // waiting out a rate limit, retrying, or in doubt about an earlier attempt) goes on to its
        // outcome; one with a page waiting for its owner's check waits for them. Pages already
        // published or failed (a rescheduled post) do not count.
        sql`not exists (select 1 from ${postTargets} where ${postTargets.postId} = ${posts.id} and (${postTargets.status} in ('publishing', ${NEEDS_CHECK}) or (${postTargets.status} = 'pending' and (${postTargets.attempts} > 0 or ${postTargets.nextAttemptAt} is not null or ${postTargets.errorCode} = ${UNCERTAIN}))))`,
      ),
    )
    .returning({ id: posts.id });
  if (expired.length) {
    await db
      .update(postTargets)
      .set({
        status: "failed",
        errorCode: "missed",
        errorMessage: "Missed its scheduled time while publishing was unavailable.",
      })
      .where(
        and(
          inArray(
            postTargets.postId,
            expired.map((row) => row.id),
          ),
          eq(postTargets.status, "pending"),
        ),
      );
  }

  const due = await db
    .select({ id: posts.id, version: posts.scheduleVersion, scheduledAt: posts.scheduledAt })
    .from(posts)
    .where(
      and(
        eq(posts.status, "scheduled"),
        lte(posts.scheduledAt, new Date(now.getTime() + HORIZON_MS)),
        // A post whose only unsettled pages wait for their owner's check has nothing to run until
        // they answer (the answer queues it); re-adding it every minute would only spin.
        sql`not (exists (select 1 from ${postTargets} where ${postTargets.postId} = ${posts.id} and ${postTargets.status} = ${NEEDS_CHECK}) and not exists (select 1 from ${postTargets} where ${postTargets.postId} = ${posts.id} and ${postTargets.status} in ('pending', 'publishing')))`,
      ),
    );
  for (let start = 0; start < due.length; start += ADD_CHUNK) {
    await enqueuePublishMany(
      due
        .slice(start, start + ADD_CHUNK)
        .map((post) => ({ job: { postId: post.id, scheduleVersion: post.version }, runAt: post.scheduledAt ?? now })),
    );
  }

  // Targets left 'publishing' by a dead worker need no special case: their post is still scheduled,
  // so its job was re-added above, and the engine takes over stale targets.

  // Waiting jobs whose post is gone, unscheduled or on another version. The job id names the post
  // and version, so only ids are read, not every job's data.
  const queue = publishQueue();
  const queued = (await queue.getRanges(["delayed", "waiting", "prioritized"], 0, -1)).map((id) => ({
    id,
    job: parsePublishJobId(id),
  }));
  const current = new Map<string, { status: string; version: number }>();
  const postIds = [...new Set(queued.flatMap((entry) => (entry.job ? [entry.job.postId] : [])))];
  for (let start = 0; start < postIds.length; start += 5_000) {
    const rows = await db
      .select({ id: posts.id, status: posts.status, version: posts.scheduleVersion })
      .from(posts)
      .where(inArray(posts.id, postIds.slice(start, start + 5_000)));
    for (const row of rows) current.set(row.id, { status: row.status, version: row.version });
  }
  let removedOrphans = 0;
  for (const { id, job } of queued) {
    const post = job && current.get(job.postId);
    if (
      post &&
      post.status === "scheduled" &&
      publishJobId(job) === publishJobId({ postId: job.postId, scheduleVersion: post.version })
    )
      continue;
    // Already taken by a worker or gone since the listing: either way nothing is left to remove.
    await queue.remove(id).catch(() => undefined);
    removedOrphans += 1;
  }
  return { enqueued: due.length, removedOrphans, expired: expired.length };
}
