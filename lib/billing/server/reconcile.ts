import { isNotNull } from "drizzle-orm";
import { db } from "@/db";
import { subscriptions } from "@/db/schema";
import { syncSubscriptionFromStripe } from "./stripe-sync";

/**
 * The daily reconcile (worker, queue billing-reconcile): every subscription paid through Stripe is
 * read back from Stripe and its state applied, in case a webhook was lost for good. Idempotent: a
 * second run writes the same state.
 */
export async function reconcileStripeSubscriptions(): Promise<{ checked: number; failed: number }> {
  const rows = await db
    .select({ workspaceId: subscriptions.workspaceId, subscriptionId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(isNotNull(subscriptions.stripeSubscriptionId));
  let failed = 0;
  for (const row of rows) {
    try {
      if (row.subscriptionId) await syncSubscriptionFromStripe(row.workspaceId, row.subscriptionId);
    } catch (error) {
      failed += 1;
      console.error(`[billing] reconcile of ${row.subscriptionId} failed`, error);
    }
  }
  return { checked: rows.length, failed };
}
