import { Queue } from "bullmq";
import { z } from "zod";
import { env } from "@/lib/server/env";
import { redisConnection } from "@/lib/server/redis";

/**
 * The billing-reconcile queue: one repeatable job a day (a BullMQ job scheduler, so however many
 * workers start, there is one schedule) that compares every paid subscription with Stripe.
 */

export const BILLING_RECONCILE_QUEUE = "billing-reconcile";
export const BILLING_RECONCILE_EVERY_MS = 24 * 60 * 60 * 1000;
const SCHEDULER_ID = "daily-stripe-reconcile";

export const billingReconcileJobSchema = z.object({}).strict();

let queue: Queue | undefined;

export function billingQueue(): Queue {
  queue ??= new Queue(BILLING_RECONCILE_QUEUE, {
    connection: redisConnection(),
    prefix: `${env.REDIS_PREFIX}:bull`,
    defaultJobOptions: {
      removeOnComplete: true,
      removeOnFail: 100,
      attempts: 3,
      backoff: { type: "exponential", delay: 60_000 },
    },
  });
  return queue;
}

/** Creates or keeps the daily schedule (idempotent: the scheduler id is fixed). */
export async function scheduleBillingReconcile(): Promise<void> {
  await billingQueue().upsertJobScheduler(
    SCHEDULER_ID,
    { every: BILLING_RECONCILE_EVERY_MS },
    { name: "reconcile", data: {} },
  );
}

export async function closeBillingQueue(): Promise<void> {
  await queue?.close();
  queue = undefined;
}
