import { and, asc, eq, isNull } from "drizzle-orm";
import Stripe from "stripe";
import { db } from "@/db";
import { billingEvents, subscriptions, users, workspaceMembers, workspaces, type Subscription } from "@/db/schema";
import { ApiError, conflict, notFound } from "@/lib/server/api/errors";
import { env } from "@/lib/server/env";
import {
  SUBSCRIPTION_MESSAGES,
  type CancelSubscriptionInput,
  type ChangeTierInput,
  type ChangeTierResult,
  type InitializeSubscriptionInput,
  type PortalSessionResult,
  type SubscriptionChangeResult,
  type SubscriptionSummary,
} from "@/lib/billing/schemas";
import { tiers, type TierName } from "@/lib/billing/tiers";
import { isPaidTier, priceIdFor, stripe, type PaidTier } from "./stripe";
import {
  HELD_TIER_KEY,
  HELD_UNTIL_KEY,
  WORKSPACE_ID_KEY,
  scheduledCancellation,
  syncSubscriptionFromStripe,
  tiersOf,
} from "./stripe-sync";
import { ensureSubscription, initializeSubscription, toSubscriptionSummary } from "./subscription";

/**
 * Plan changes the owner asks for: each is a call to Stripe, whose answer is then read
 * back and applied (stripe-sync.ts); nothing about payment is taken from the browser. A first paid
 * plan starts at Stripe Checkout; later changes update the subscription (prorated when immediate).
 */

/** A trial needs no card and ends on Free unless one is added (Stripe cancels it at the trial's end). */
export const TRIAL_DAYS = 14;
const TRIAL_TIER: PaidTier = "standard";

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * The workspace's Stripe customer, created once (the idempotency key makes a concurrent second call
 * reuse it): named after the workspace, billed to its first owner's e-mail.
 */
async function ensureCustomer(row: Subscription): Promise<string> {
  if (row.stripeCustomerId) return row.stripeCustomerId;
  const [owner] = await db
    .select({ email: users.email, workspaceName: workspaces.name })
    .from(workspaces)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.role, "owner")),
    )
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaces.id, row.workspaceId))
    .orderBy(asc(workspaceMembers.createdAt))
    .limit(1);
  const customer = await stripe().customers.create(
    { email: owner?.email, name: owner?.workspaceName, metadata: { [WORKSPACE_ID_KEY]: row.workspaceId } },
    { idempotencyKey: `postloom-customer-${row.workspaceId}` },
  );
  await db
    .update(subscriptions)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(subscriptions.id, row.id), isNull(subscriptions.stripeCustomerId)));
  const [again] = await db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
  return again?.stripeCustomerId ?? customer.id;
}

async function summaryAfterSync(workspaceId: string, subscriptionId: string): Promise<SubscriptionSummary> {
  const row = await syncSubscriptionFromStripe(workspaceId, subscriptionId);
  return toSubscriptionSummary(row ?? (await ensureSubscription(workspaceId)));
}

async function recordEvent(workspaceId: string, type: string, fromTier: TierName, toTier: TierName, amountMinor = 0) {
  await db.insert(billingEvents).values({ workspaceId, type, fromTier, toTier, amountMinor });
}

/** Stripe removes a metadata key set to "". */
const CLEAR_HELD = { [HELD_TIER_KEY]: "", [HELD_UNTIL_KEY]: "" };

const hasStripePlan = (row: Subscription): row is Subscription & { stripeSubscriptionId: string } =>
  row.stripeSubscriptionId !== null && row.tier !== "free";

/** POST /subscription/initialize: Free (idempotent), or with startTrial a trial of Standard without a card. */
export async function initialize(
  workspaceId: string,
  input: InitializeSubscriptionInput,
): Promise<SubscriptionSummary> {
  if (!input.startTrial) return initializeSubscription(workspaceId, input);
  const row = await ensureSubscription(workspaceId);
  if (hasStripePlan(row)) return toSubscriptionSummary(row);
  if (row.trialEndsAt) throw conflict(SUBSCRIPTION_MESSAGES.trialUsed, "trial_used");
  const tier = isPaidTier(input.tier) ? input.tier : TRIAL_TIER;
  const customer = await ensureCustomer(row);
  const sub = await stripe().subscriptions.create(
    {
      customer,
      items: [{ price: await priceIdFor(tier) }],
      trial_period_days: TRIAL_DAYS,
      trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
      metadata: { [WORKSPACE_ID_KEY]: workspaceId },
    },
    { idempotencyKey: `postloom-trial-${workspaceId}` },
  );
  await recordEvent(workspaceId, "trial_started", row.tier, tier);
  return summaryAfterSync(workspaceId, sub.id);
}

/** POST /subscription/change-tier */
export async function changeTier(workspaceId: string, input: ChangeTierInput): Promise<ChangeTierResult> {
  const row = await ensureSubscription(workspaceId);
  if (input.tier === row.tier) return { outcome: "unchanged", subscription: toSubscriptionSummary(row), message: null };
  if (!hasStripePlan(row)) {
    // Free → paid: the card is taken by Stripe Checkout; the webhook (or the return) applies the plan.
    if (!isPaidTier(input.tier))
      return { outcome: "unchanged", subscription: toSubscriptionSummary(row), message: null };
    return { outcome: "checkout", checkoutUrl: await createCheckout(row, input.tier) };
  }
  const upgrade = tiers[input.tier].order > tiers[row.tier].order;
  const message = upgrade
    ? SUBSCRIPTION_MESSAGES.upgraded(tiers[input.tier].name)
    : SUBSCRIPTION_MESSAGES.downgraded(tiers[input.tier].name);
  const subId = row.stripeSubscriptionId;

  // Decided on Stripe's state (the truth about the subscription), not on our copy of it.
  const current = await stripe().subscriptions.retrieve(subId);
  const item = current.items.data[0];
  if (!item) throw new ApiError(502, "stripe_state", SUBSCRIPTION_MESSAGES.changeFailed);
  // A cancellation is waiting for the period's end: the Billing page disables the plans until it is
  // undone, and so does the API (a paid plan chosen now would otherwise still end at that date).
  if (scheduledCancellation(current) && isPaidTier(input.tier))
    throw conflict(SUBSCRIPTION_MESSAGES.cancellationScheduled, "cancellation_scheduled");
  // A change to another paid tier is waiting for the renewal: the subscription already carries the
  // next tier's price, the tier paid for is kept in the metadata (stripe-sync.ts, tiersOf). Anything
  // else chosen now starts from the tier paid for: its price goes back first, without proration, so
  // an immediate change is prorated from what was paid and a cancellation does not show the old
  // pending tier as next.
  const plan = tiersOf(current);
  const pendingPaid = plan && plan.tier === row.tier && isPaidTier(plan.tier) && plan.pendingTier !== "free";
  const restoreHeld =
    pendingPaid && plan.pendingTier && isPaidTier(row.tier)
      ? { items: [{ id: item.id, price: await priceIdFor(row.tier) }], metadata: CLEAR_HELD }
      : null;

  if (!isPaidTier(input.tier)) {
    if (input.immediate) {
      await stripe().subscriptions.cancel(subId);
      await recordEvent(workspaceId, "downgrade", row.tier, "free");
      return { outcome: "changed", subscription: await summaryAfterSync(workspaceId, subId), chargedMinor: 0, message };
    }
    await stripe().subscriptions.update(subId, {
      ...restoreHeld,
      proration_behavior: "none",
      cancel_at_period_end: true,
    });
    await recordEvent(workspaceId, "downgrade_scheduled", row.tier, "free");
    const subscription = await summaryAfterSync(workspaceId, subId);
    return { outcome: "scheduled", subscription, message: scheduledMessage("free", subscription) };
  }

  const price = await priceIdFor(input.tier);
  if (!input.immediate) {
    // The new price bills from the next renewal; until then the metadata keeps the tier paid for.
    await stripe().subscriptions.update(subId, {
      items: [{ id: item.id, price }],
      proration_behavior: "none",
      metadata: { [HELD_TIER_KEY]: row.tier, [HELD_UNTIL_KEY]: String(item.current_period_end) },
    });
    await recordEvent(workspaceId, "change_scheduled", row.tier, input.tier);
    const subscription = await summaryAfterSync(workspaceId, subId);
    return { outcome: "scheduled", subscription, message: scheduledMessage(input.tier, subscription) };
  }
  if (restoreHeld) await stripe().subscriptions.update(subId, { ...restoreHeld, proration_behavior: "none" });
  let updated: Stripe.Subscription;
  try {
    updated = await stripe().subscriptions.update(subId, {
      items: [{ id: item.id, price }],
      proration_behavior: "always_invoice",
      // A declined card refuses the change (402) and leaves the subscription as it was.
      payment_behavior: "error_if_incomplete",
      metadata: CLEAR_HELD,
    });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      // Refused: the change that was waiting for the renewal waits again, as before this request.
      if (restoreHeld) {
        await stripe().subscriptions.update(subId, {
          items: [{ id: item.id, price: item.price.id }],
          proration_behavior: "none",
          metadata: current.metadata,
        });
        // Applied now, as every other answer is: the webhooks of these updates may come later.
        await syncSubscriptionFromStripe(workspaceId, subId);
      }
      throw new ApiError(402, "payment_failed", `${SUBSCRIPTION_MESSAGES.changeFailed} ${error.message}`);
    }
    throw error;
  }
  const chargedMinor = await prorationCharged(updated);
  await recordEvent(workspaceId, upgrade ? "upgrade" : "downgrade", row.tier, input.tier, chargedMinor);
  return { outcome: "changed", subscription: await summaryAfterSync(workspaceId, subId), chargedMinor, message };
}

/** The prorated amount the change invoiced now (negative: a credit for the next invoices). */
async function prorationCharged(sub: Stripe.Subscription): Promise<number> {
  const invoiceId = typeof sub.latest_invoice === "string" ? sub.latest_invoice : sub.latest_invoice?.id;
  if (!invoiceId) return 0;
  const invoice = await stripe().invoices.retrieve(invoiceId);
  return invoice.billing_reason === "subscription_update" ? invoice.total : 0;
}

function scheduledMessage(tier: TierName, subscription: SubscriptionSummary): string {
  return SUBSCRIPTION_MESSAGES.changeScheduled(
    tiers[tier].name,
    dateFormat.format(new Date(subscription.currentPeriodEnd)),
  );
}

async function createCheckout(row: Subscription, tier: PaidTier): Promise<string> {
  const customer = await ensureCustomer(row);
  const session = await stripe().checkout.sessions.create({
    mode: "subscription",
    customer,
    line_items: [{ price: await priceIdFor(tier), quantity: 1 }],
    success_url: `${env.APP_URL}/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${env.APP_URL}/billing?checkout=cancelled`,
    client_reference_id: row.workspaceId,
    metadata: { [WORKSPACE_ID_KEY]: row.workspaceId, tier },
    subscription_data: { metadata: { [WORKSPACE_ID_KEY]: row.workspaceId } },
  });
  if (!session.url) throw new ApiError(502, "stripe_state", SUBSCRIPTION_MESSAGES.changeFailed);
  return session.url;
}

/** POST /subscription/cancel: at the period's end, or now (no refund). Free cannot cancel. */
export async function cancelSubscription(
  workspaceId: string,
  input: CancelSubscriptionInput,
): Promise<SubscriptionChangeResult> {
  const row = await ensureSubscription(workspaceId);
  if (!hasStripePlan(row)) throw conflict(SUBSCRIPTION_MESSAGES.freeCannotCancel, "free_cannot_cancel");
  const subId = row.stripeSubscriptionId;
  if (input.atPeriodEnd) await stripe().subscriptions.update(subId, { cancel_at_period_end: true });
  else await stripe().subscriptions.cancel(subId);
  await db
    .update(subscriptions)
    .set({ cancelReason: input.reason ?? null })
    .where(eq(subscriptions.id, row.id));
  await recordEvent(workspaceId, "cancel", row.tier, input.atPeriodEnd ? row.tier : "free");
  return {
    subscription: await summaryAfterSync(workspaceId, subId),
    message: input.atPeriodEnd ? SUBSCRIPTION_MESSAGES.cancelAtPeriodEnd : SUBSCRIPTION_MESSAGES.cancelledImmediately,
  };
}

/**
 * POST /subscription/reactivate: undoes a scheduled cancellation whichever way it was set, decided
 * on Stripe's state. One parameter per request, the one that set it: `cancel_at_period_end: false`
 * (which clears the cancel_at it implied) or, for a cancel_at alone (the portal in flexible billing
 * mode), `cancel_at: ""`, which the API takes as "remove" (the SDK's Emptyable parameter).
 */
export async function reactivateSubscription(workspaceId: string): Promise<SubscriptionChangeResult> {
  const row = await ensureSubscription(workspaceId);
  if (!hasStripePlan(row)) throw conflict(SUBSCRIPTION_MESSAGES.nothingToReactivate, "nothing_to_reactivate");
  const current = await stripe().subscriptions.retrieve(row.stripeSubscriptionId);
  if (!scheduledCancellation(current) || current.status === "canceled") {
    // Our copy may be behind (a webhook still on its way): it is brought to Stripe's state first.
    await syncSubscriptionFromStripe(workspaceId, row.stripeSubscriptionId);
    throw conflict(SUBSCRIPTION_MESSAGES.nothingToReactivate, "nothing_to_reactivate");
  }
  await stripe().subscriptions.update(
    row.stripeSubscriptionId,
    current.cancel_at_period_end ? { cancel_at_period_end: false } : { cancel_at: "" },
  );
  await recordEvent(workspaceId, "reactivate", row.tier, row.tier);
  return {
    subscription: await summaryAfterSync(workspaceId, row.stripeSubscriptionId),
    message: SUBSCRIPTION_MESSAGES.reactivated,
  };
}

/** POST /subscription/portal: a Stripe customer portal session (cards, invoices) for the owner. */
export async function createPortalSession(workspaceId: string): Promise<PortalSessionResult> {
  const customer = await ensureCustomer(await ensureSubscription(workspaceId));
  const session = await stripe().billingPortal.sessions.create({ customer, return_url: `${env.APP_URL}/billing` });
  return { url: session.url };
}

/**
 * POST /subscription/checkout/confirm: on return from Checkout, the session is read from Stripe
 * (never from the browser) and, when paid, its subscription applied: the page need not wait for the
 * webhook. Another customer's session is answered as missing.
 */
export async function confirmCheckout(workspaceId: string, sessionId: string): Promise<SubscriptionSummary> {
  const row = await ensureSubscription(workspaceId);
  const session = await stripe()
    .checkout.sessions.retrieve(sessionId)
    .catch((error: unknown) => {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    });
  const customer = typeof session?.customer === "string" ? session.customer : session?.customer?.id;
  if (!session || !customer || customer !== row.stripeCustomerId)
    throw notFound(SUBSCRIPTION_MESSAGES.checkoutNotFound);
  const subId = typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
  if (session.status !== "complete" || !subId) return toSubscriptionSummary(row);
  return summaryAfterSync(workspaceId, subId);
}
