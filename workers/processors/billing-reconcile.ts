import { Worker } from "bullmq";
import { env } from "@/lib/server/env";
import { reconcileStripeSubscriptions } from "@/lib/billing/server/reconcile";
import { BILLING_RECONCILE_QUEUE, billingReconcileJobSchema } from "@/lib/billing/server/billing-queue";
import { redisConnection } from "@/lib/server/redis";

/** Thin: parse the job, compare every paid subscription with Stripe. */
export function startBillingReconcileWorker(): Worker {
  return new Worker(
    BILLING_RECONCILE_QUEUE,
    async (job) => {
      billingReconcileJobSchema.parse(job.data);
      const report = await reconcileStripeSubscriptions();
      if (report.checked || report.failed) console.log("[worker] billing reconcile", report);
      return report;
    },
    { connection: redisConnection(), prefix: `${env.REDIS_PREFIX}:bull`, concurrency: 1 },
  );
}
