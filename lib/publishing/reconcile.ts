import { and, eq, inArray, lt, lte } from "drizzle-orm";
import { db } from "@/db";
import { posts, postTargets } from "@/db/schema";
import { env } from "@/lib/env";
import { enqueuePublish, publishJobId, publishJobSchema, publishQueue } from "@/lib/queue/publish-queue";

/**
 * The database is the source of truth; the queue is rebuilt from it. Every scheduled post due
 * within the horizon gets its job (adding an existing job id is a no-op), jobs for posts that are
 * no longer scheduled (or were rescheduled) are removed, and posts missed by more than the allowed
 * lateness while everything was down fail with a reason instead of going out a day late.
 */

const HORIZON_MS = 60 * 60_000;

export interface ReconcileReport {
  enqueued: number;
  removedOrphans: number;
  expired: number;
}

export async function reconcile(now = new Date()): Promise<ReconcileReport> {
  const latest = new Date(now.getTime() - env.PUBLISH_MAX_LATENESS_MINUTES * 60_000);
  const expired = await db
    .update(posts)
    .set({ status: "failed", failureReason: `Missed its scheduled time by more than ${env.PUBLISH_MAX_LATENESS_MINUTES} minutes while publishing was unavailable. Reschedule it.` })
    .where(and(eq(posts.status, "scheduled"), lt(posts.scheduledAt, latest)))
    .returning({ id: posts.id });
  if (expired.length) {
    await db
      .update(postTargets)
      .set({ status: "failed", errorCode: "missed", errorMessage: "Missed its scheduled time while publishing was unavailable." })
      .where(and(inArray(postTargets.postId, expired.map((row) => row.id)), inArray(postTargets.status, ["pending", "publishing"])));
  }

  const due = await db
    .select({ id: posts.id, version: posts.scheduleVersion, scheduledAt: posts.scheduledAt })
    .from(posts)
    .where(and(eq(posts.status, "scheduled"), lte(posts.scheduledAt, new Date(now.getTime() + HORIZON_MS))));
  const wanted = new Set<string>();
  for (const post of due) {
    const job = { postId: post.id, scheduleVersion: post.version };
    wanted.add(publishJobId(job));
    await enqueuePublish(job, post.scheduledAt ?? now);
  }

  // Targets left 'publishing' by a dead worker need no special case: their post is still scheduled,
  // so its job was re-added above, and the engine takes over stale targets after a minute.

  let removedOrphans = 0;
  const queued = await publishQueue().getJobs(["delayed", "waiting", "prioritized"]);
  const byPost = new Map<string, { status: string; version: number }>();
  const ids = [...new Set(queued.map((job) => publishJobSchema.safeParse(job.data)).filter((r) => r.success).map((r) => r.data.postId))];
  if (ids.length) {
    for (const row of await db.select({ id: posts.id, status: posts.status, version: posts.scheduleVersion }).from(posts).where(inArray(posts.id, ids))) {
      byPost.set(row.id, { status: row.status, version: row.version });
    }
  }
  for (const job of queued) {
    const parsed = publishJobSchema.safeParse(job.data);
    const current = parsed.success ? byPost.get(parsed.data.postId) : undefined;
    if (!parsed.success || !current || current.status !== "scheduled" || current.version !== parsed.data.scheduleVersion) {
      await job.remove().catch(() => undefined);
      removedOrphans += 1;
    }
  }
  return { enqueued: due.length, removedOrphans, expired: expired.length };
}
