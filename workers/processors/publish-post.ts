import { DelayedError, Worker, type Job } from "bullmq";
import { env } from "@/lib/env";
import { runPublishJob } from "@/lib/publishing/engine";
import { PUBLISH_QUEUE, publishJobSchema, redisConnection } from "@/lib/queue/publish-queue";

/** Thin: parse the job, run the engine, come back later when a retry is due. */
export function startPublishWorker(concurrency = 10): Worker {
  return new Worker(
    PUBLISH_QUEUE,
    async (job: Job, token?: string) => {
      const { postId, scheduleVersion } = publishJobSchema.parse(job.data);
      const { retryAt } = await runPublishJob(postId, scheduleVersion);
      if (retryAt && token) {
        await job.moveToDelayed(retryAt.getTime(), token);
        throw new DelayedError();
      }
    },
    { connection: redisConnection(), prefix: `${env.REDIS_PREFIX}:bull`, concurrency, maxStalledCount: 100, stalledInterval: 15_000 },
  );
}
