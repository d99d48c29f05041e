import { and, eq, lte } from "drizzle-orm";
import { db, type Transaction } from "@/db";
import { subscriptions, type Subscription } from "@/db/schema";
import { badRequest } from "@/lib/server/api/errors";
import {
  SUBSCRIPTION_MESSAGES,
  type InitializeSubscriptionInput,
  type SubscriptionSummary,
  type TierInfo,
} from "@/lib/billing/schemas";
import { tierNames, tiers } from "@/lib/billing/tiers";
import { startOfMonthUtc } from "./limits";

/**
 * The workspace's subscription row: every workspace has one from its creation (Free), and any
 * workspace without one (made before billing existed) gets it on first read. Free runs by calendar month (UTC),
 * the window of the monthly limits; paid periods will come from Stripe.
 */

type Executor = Transaction | typeof db;
const DAY_MS = 24 * 60 * 60 * 1000;

export function monthPeriod(now = new Date()): { start: Date; end: Date } {
  const start = startOfMonthUtc(now);
  return { start, end: new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)) };
}

/** Gives the user the Free plan unless they have a subscription already (registration calls it). */
export async function createFreeSubscription(workspaceId: string, executor: Executor = db): Promise<void> {
  const { start, end } = monthPeriod();
  await executor
    .insert(subscriptions)
    .values({ workspaceId, tier: "free", status: "active", currentPeriodStart: start, currentPeriodEnd: end })
    .onConflictDoNothing({ target: subscriptions.workspaceId });
}

/** The user's subscription, created as Free when missing; a Free period that ended moves to this month. */
export async function ensureSubscription(workspaceId: string, now = new Date()): Promise<Subscription> {
  await createFreeSubscription(workspaceId);
  const { start, end } = monthPeriod(now);
  await db
    .update(subscriptions)
    .set({ currentPeriodStart: start, currentPeriodEnd: end })
    .where(
      and(
        eq(subscriptions.workspaceId, workspaceId),
        eq(subscriptions.tier, "free"),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    );
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
  if (!row) throw new Error("subscription missing after insert");
  return row;
}

export function toSubscriptionSummary(row: Subscription, now = new Date()): SubscriptionSummary {
  const trialing = row.status === "trialing" && row.trialEndsAt !== null;
  const endsAt = trialing ? row.trialEndsAt! : row.currentPeriodEnd;
  return {
    tier: row.tier,
    tierName: tiers[row.tier].name,
    status: row.status,
    isTrial: row.isTrial,
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    daysRemaining: Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS)),
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    cancelAt: row.cancelAtPeriodEnd ? (row.cancelAt ?? row.currentPeriodEnd).toISOString() : null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    pendingTier: row.pendingTier,
    graceEndsAt: row.status === "past_due" ? (row.graceEndsAt?.toISOString() ?? null) : null,
    canManagePayment: row.stripeCustomerId !== null,
  };
}

export async function getCurrentSubscription(workspaceId: string, now = new Date()): Promise<SubscriptionSummary> {
  return toSubscriptionSummary(await ensureSubscription(workspaceId, now), now);
}

/**
 * POST /subscription/initialize: idempotent, never changes an existing subscription. Free starts
 * here; a trial starts in billing-changes.ts (startTrial); a paid plan starts through checkout,
 * which decides nothing from what the browser says.
 */
export async function initializeSubscription(
  workspaceId: string,
  input: InitializeSubscriptionInput,
): Promise<SubscriptionSummary> {
  if (input.tier !== "free") throw badRequest(SUBSCRIPTION_MESSAGES.paidNeedsCheckout, "checkout_required");
  return getCurrentSubscription(workspaceId);
}

/** The tier config as the API answers it, in tier order. */
export function listTiers(): TierInfo[] {
  return tierNames
    .map((tier) => {
      const config = tiers[tier];
      return {
        tier,
        name: config.name,
        order: config.order,
        price: config.priceMinor / 100,
        priceMinor: config.priceMinor,
        currency: config.currency,
        limits: { ...config.limits },
        features: [...config.features],
      };
    })
    .sort((a, b) => a.order - b.order);
}
