import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { db, type Transaction } from "@/db";
import { subscriptions, type Subscription } from "@/db/schema";
import { tierNames, type TierName } from "@/lib/billing/tiers";
import { monthPeriod } from "./subscription";
import { stripe, tierForPrice } from "./stripe";

/**
 * Stripe is the truth about payment: every path that learns of a change (webhooks, the answers of
 * our own calls, the return from Checkout, the daily reconcile) reads the subscription from Stripe
 * and writes that state here, under a lock on the user's row, so the order events arrive in does not
 * matter: whoever holds the lock last read the latest state.
 */

/** How long a past-due subscription keeps its paid limits before the Free ones apply. */
export const GRACE_PERIOD_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Metadata of a change scheduled for renewal: the tier kept until the period that ends at `until`. */
export const HELD_TIER_KEY = "postloom_tier";
export const HELD_UNTIL_KEY = "postloom_tier_until";
export const WORKSPACE_ID_KEY = "postloom_workspace_id";

const toDate = (unix: number | null | undefined) => (unix ? new Date(unix * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

export const customerIdOf = idOf;

function periodOf(sub: Stripe.Subscription): { start: Date; end: Date } {
  const item = sub.items.data[0];
  return {
    start: toDate(item?.current_period_start) ?? new Date(sub.start_date * 1000),
    end: toDate(item?.current_period_end) ?? new Date(sub.start_date * 1000),
  };
}

/**
 * When a scheduled cancellation ends the subscription, however it was scheduled: in flexible
 * billing mode (the default for new subscriptions since 2025-09-30.clover) the Customer Portal
 * records it as `cancel_at` with `cancel_at_period_end` false; the API's `cancel_at_period_end`
 * sets both (docs.stripe.com/billing/subscriptions/billing-mode/compare). Null when none is.
 */
export function scheduledCancellation(sub: Stripe.Subscription): Date | null {
  if (sub.cancel_at !== null) return toDate(sub.cancel_at);
  return sub.cancel_at_period_end ? periodOf(sub).end : null;
}

/** The tier the customer has now and one waiting for the next period (a change 'at end of billing period'). */
export function tiersOf(sub: Stripe.Subscription): { tier: TierName; pendingTier: TierName | null } | null {
  const item = sub.items.data[0];
  const priceTier = item ? tierForPrice(item.price) : null;
  if (!priceTier) return null;
  const held = sub.metadata?.[HELD_TIER_KEY];
  const until = sub.metadata?.[HELD_UNTIL_KEY];
  const heldTier = tierNames.find((name) => name === held);
  if (heldTier && heldTier !== priceTier && item && until === String(item.current_period_end))
    return { tier: heldTier, pendingTier: priceTier };
  return { tier: priceTier, pendingTier: scheduledCancellation(sub) ? "free" : null };
}

/** The user's row, locked until the transaction ends; found by the Stripe customer. */
export async function lockRowByCustomer(tx: Transaction, customerId: string): Promise<Subscription | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeCustomerId, customerId))
    .for("update");
  return row;
}

export async function lockRowByWorkspace(tx: Transaction, workspaceId: string): Promise<Subscription | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId)).for("update");
  return row;
}

/** Writes the state of `sub` (read from Stripe) to the user's row; answers the row as written. */
export async function applyStripeSubscription(
  tx: Transaction | typeof db,
  row: Subscription,
  sub: Stripe.Subscription,
  now = new Date(),
): Promise<Subscription> {
  const ended = ["canceled", "incomplete_expired", "paused"].includes(sub.status);
  if (ended || sub.status === "incomplete") {
    // Only the subscription the plan comes from can end it; an old or unpaid one changes nothing.
    if (!ended || row.stripeSubscriptionId !== sub.id) return row;
    const { start, end } = monthPeriod(now);
    return write(tx, row, {
      tier: "free",
      status: "active",
      isTrial: false,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
      cancelAt: null,
      cancelledAt: toDate(sub.canceled_at ?? sub.ended_at) ?? now,
      pendingTier: null,
      stripeSubscriptionId: null,
      pastDueSince: null,
      graceEndsAt: null,
    });
  }
  const plan = tiersOf(sub);
  if (!plan) return row;
  const period = periodOf(sub);
  const cancelAt = scheduledCancellation(sub);
  const pastDue = sub.status === "past_due" || sub.status === "unpaid";
  const pastDueSince = pastDue ? (row.pastDueSince ?? now) : null;
  return write(tx, row, {
    tier: plan.tier,
    pendingTier: plan.pendingTier,
    status: pastDue ? "past_due" : sub.status === "trialing" ? "trialing" : "active",
    isTrial: sub.status === "trialing",
    trialEndsAt: toDate(sub.trial_end) ?? row.trialEndsAt,
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
    cancelAtPeriodEnd: cancelAt !== null,
    cancelAt,
    cancelledAt: cancelAt ? (toDate(sub.canceled_at) ?? now) : null,
    stripeSubscriptionId: sub.id,
    stripeCustomerId: idOf(sub.customer),
    pastDueSince,
    graceEndsAt: pastDueSince ? new Date(pastDueSince.getTime() + GRACE_PERIOD_DAYS * DAY_MS) : null,
  });
}

async function write(
  tx: Transaction | typeof db,
  row: Subscription,
  values: Partial<Subscription>,
): Promise<Subscription> {
  const [updated] = await tx
    .update(subscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptions.id, row.id))
    .returning();
  return updated ?? row;
}

/** Reads the subscription from Stripe and applies it to the user's row, under the row's lock. */
export async function syncSubscriptionFromStripe(
  workspaceId: string,
  subscriptionId: string,
): Promise<Subscription | null> {
  return db.transaction(async (tx) => {
    const row = await lockRowByWorkspace(tx, workspaceId);
    if (!row) return null;
    const sub = await stripe().subscriptions.retrieve(subscriptionId);
    if (idOf(sub.customer) !== row.stripeCustomerId) return row;
    return applyStripeSubscription(tx, row, sub);
  });
}
