import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { db } from "@/db";
import { subscriptions } from "@/db/schema";
import { stripe } from "@/lib/billing/server/stripe";

/**
 * Called before a workspace is deleted, before any row goes: cancels its Stripe subscription at
 * once (no proration, no refund), so a deleted workspace is never charged again. One Stripe no
 * longer knows, or one already cancelled, is fine. Any other failure throws and stops the deletion:
 * a customer must not be left paying for a workspace that no longer exists.
 */
export async function cancelStripeSubscriptionNow(workspaceId: string): Promise<void> {
  const [row] = await db
    .select({ subscriptionId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId));
  if (!row?.subscriptionId) return;
  try {
    const current = await stripe().subscriptions.retrieve(row.subscriptionId);
    if (current.status === "canceled" || current.status === "incomplete_expired") return;
    await stripe().subscriptions.cancel(row.subscriptionId);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") return;
    throw error;
  }
}
