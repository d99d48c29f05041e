import { Queue } from "bullmq";
import { z } from "zod";
import { env } from "@/lib/server/env";
import { redisConnection } from "@/lib/server/redis";

/**
 * The publish-post queue: the contract between the web app (producer) and the worker (consumer).
 * A job's id is derived from the post and its schedule version, so adding the same job twice is a
 * no-op and a rescheduled post gets a new job while the old one finds itself stale. The database
 * is the source of truth; the queue can be rebuilt from it at any time (reconcile).
 */

export const PUBLISH_QUEUE = "publish-post";

export const publishJobSchema = z.object({
  postId: z.uuid(),
  scheduleVersion: z.number().int().min(0),
});
export type PublishJob = z.infer<typeof publishJobSchema>;

export const publishJobId = (job: PublishJob) => `post-${job.postId}-v${job.scheduleVersion}`;

/** The job a job id stands for; null for an id this queue never makes. */
export function parsePublishJobId(id: string): PublishJob | null {
  const match = /^post-(.+)-v(\d+)$/.exec(id);
  const parsed = match ? publishJobSchema.safeParse({ postId: match[1], scheduleVersion: Number(match[2]) }) : null;
  return parsed?.success ? parsed.data : null;
}

let queue: Queue | undefined;

export function publishQueue(): Queue {
  queue ??= new Queue(PUBLISH_QUEUE, {
    connection: redisConnection(),
    prefix: `${env.REDIS_PREFIX}:bull`,
    // Finished or failed jobs leave no trace in Redis: outcomes live in the database, and a freed job
    // id lets reconciliation queue the same schedule again when it is still due.
    defaultJobOptions: { removeOnComplete: true, removeOnFail: true, attempts: 1 },
  });
  return queue;
}

/**
 * How long after a post's instant its job runs. At the instant the workers' dispatchers publish the
 * post's pages straight from the database (lib/publishing/server/dispatcher.ts), the one path that
 * sends; the job only recovers whatever they did not finish: a page whose worker died, a retry, a
 * page waiting for a video, shares waiting for their originals. A job that finds the post
 * published ends at once.
 */
export const PUBLISH_BACKSTOP_MS = 15_000;

interface EnqueueOptions {
  /** The job runs at `runAt` itself, not as the backstop (work no dispatcher picks up: shares after an owner's check). */
  atOnce?: boolean;
}

const jobOptions = (job: PublishJob, runAt: Date, { atOnce = false }: EnqueueOptions = {}) => ({
  jobId: publishJobId(job),
  delay: Math.max(0, runAt.getTime() + (atOnce ? 0 : PUBLISH_BACKSTOP_MS) - Date.now()),
});

/** Adds the job for a post's current schedule; BullMQ ignores a job id it already holds. */
export async function enqueuePublish(job: PublishJob, runAt: Date, options?: EnqueueOptions): Promise<void> {
  await publishQueue().add(PUBLISH_QUEUE, job, jobOptions(job, runAt, options));
}

/**
 * The post's job due at `runAt` at the latest: added, or when it waits for later (the backstop of
 * a post whose page must be retried sooner), brought forward. A job already running is left to run.
 */
export async function publishNoLaterThan(job: PublishJob, runAt: Date): Promise<void> {
  await enqueuePublish(job, runAt, { atOnce: true });
  const queued = await publishQueue().getJob(publishJobId(job));
  if (!queued || queued.timestamp + queued.delay <= runAt.getTime()) return;
  if (await queued.isDelayed())
    await queued.changeDelay(Math.max(0, runAt.getTime() - Date.now())).catch(() => undefined);
}

/**
 * The jobs of posts just deleted, so no backstop waits in Redis for a post that is gone. A job
 * running (locked) is left to end on its own; it finds no post. Best effort: reconciliation removes
 * what is left.
 */
export async function removePublishJobs(jobs: PublishJob[]): Promise<void> {
  const queue = publishQueue();
  const results = await Promise.allSettled(jobs.map((job) => queue.remove(publishJobId(job))));
  for (const result of results) {
    const locked = result.status === "rejected" && /locked/.test(String(result.reason));
    if (result.status === "rejected" && !locked) console.error("[queue] could not remove a publish job", result.reason);
  }
}

/** The same for many posts in one round trip (reconciliation). */
export async function enqueuePublishMany(jobs: { job: PublishJob; runAt: Date }[]): Promise<void> {
  if (jobs.length === 0) return;
  await publishQueue().addBulk(
    jobs.map(({ job, runAt }) => ({ name: PUBLISH_QUEUE, data: job, opts: jobOptions(job, runAt) })),
  );
}

export async function closePublishQueue(): Promise<void> {
  await queue?.close();
  queue = undefined;
}
