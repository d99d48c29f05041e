import { DelayedError, Worker, type Job } from "bullmq";
import { env } from "@/lib/server/env";
import { runPublishJob } from "@/lib/publishing/server/engine";
import { PUBLISH_QUEUE, publishJobSchema } from "@/lib/publishing/server/publish-queue";
import { redisConnection } from "@/lib/server/redis";

/**
 * Jobs one worker process runs at once. A job spends most of its time waiting on the platform and
 * Postgres, so one process keeps this many in flight; the pool (10 connections) is shared by them.
 * At the instant thousands of posts fall due, the jobs that reach a step together share one
 * statement (lib/server/coalesce.ts), so more jobs in flight means fewer, larger statements: with
 * 50, three workers took 830 µs of CPU per page and published 10,000 posts due at one instant at
 * 1,155 pages/s; with 100, 565–700 µs and 1,470–1,780 pages/s; 150 and 200 were no faster, only
 * larger (docs/benchmarks.md › publish-lag). Peak memory 157–172 MB a worker.
 */
export const PUBLISH_CONCURRENCY = 100;

/**
 * How long a job's lock lasts without renewal (renewed every half of it while the job runs). A
 * killed worker's jobs go back to the queue this long after its last renewal, plus up to one
 * stalled-check interval; the engine then takes over its stale targets (PUBLISH_STALE_SECONDS).
 */
const LOCK_DURATION_MS = 15_000;
const STALLED_INTERVAL_MS = 5_000;

/**
 * Thin: parse the job, run the engine, come back later when a retry is due. Once `stopping` is
 * aborted (SIGTERM), a running job finishes the page it is publishing and hands the rest of the post
 * back to the queue, due at once, for another worker.
 */
export function startPublishWorker(stopping: AbortSignal, concurrency = PUBLISH_CONCURRENCY): Worker {
  return new Worker(
    PUBLISH_QUEUE,
    async (job: Job, token?: string) => {
      const { postId, scheduleVersion } = publishJobSchema.parse(job.data);
      const { retryAt } = await runPublishJob(postId, scheduleVersion, new Date(), stopping);
      if (retryAt && token) {
        await job.moveToDelayed(retryAt.getTime(), token);
        throw new DelayedError();
      }
    },
    {
      connection: redisConnection(),
      prefix: `${env.REDIS_PREFIX}:bull`,
      concurrency,
      maxStalledCount: 100,
      lockDuration: LOCK_DURATION_MS,
      stalledInterval: STALLED_INTERVAL_MS,
    },
  );
}
