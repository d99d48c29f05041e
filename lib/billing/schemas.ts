import { z } from "zod";
import { SUBSCRIPTION_MESSAGES, type SubscriptionStatusName } from "./constants";
import { tierNames, type TierLimits, type TierName } from "./tiers";

/**
 * Client-safe contract of the subscription API (spec sections 3, 7, 8): the inputs of the twelve
 * calls, their answers (each in `data`, except check-limit which the spec answers at the top level)
 * and the billing messages. Money is in integer minor units (`…Minor`); the spec's display fields
 * (`price`, the £-prefixed cost strings) are derived from them.
 */

export { cancelReasons, SUBSCRIPTION_MESSAGES, subscriptionStatuses } from "./constants";
export type { SubscriptionStatusName } from "./constants";

const BODY_OBJECT = { error: "The request body must be a JSON object." };

const tierSchema = z.enum(tierNames, { error: SUBSCRIPTION_MESSAGES.tier });

// ---- inputs ----

export const limitOperations = ["createPost", "aiRequest", "uploadMedia", "connectAccount"] as const;
export type LimitOperation = (typeof limitOperations)[number];

/** GET /subscription/check-limit?operation=…[&size=bytes] */
export const checkLimitQuerySchema = z
  .object({
    operation: z.enum(limitOperations, { error: SUBSCRIPTION_MESSAGES.operation }),
    size: z
      .string({ error: SUBSCRIPTION_MESSAGES.size })
      .regex(/^\d{1,15}$/, { error: SUBSCRIPTION_MESSAGES.size })
      .transform(Number)
      .optional(),
  })
  .refine((query) => query.operation !== "uploadMedia" || query.size !== undefined, {
    error: SUBSCRIPTION_MESSAGES.sizeRequired,
    path: ["size"],
  });
export type CheckLimitQuery = z.infer<typeof checkLimitQuerySchema>;

export const USAGE_HISTORY_DEFAULT = 12;
export const USAGE_HISTORY_MAX = 24;

/** GET /subscription/usage/history?limit= (default 12; the billing page asks for 6) */
export const usageHistoryQuerySchema = z.object({
  limit: z
    .string({ error: SUBSCRIPTION_MESSAGES.historyLimit })
    .regex(/^\d{1,2}$/, { error: SUBSCRIPTION_MESSAGES.historyLimit })
    .transform(Number)
    .refine((n) => n >= 1 && n <= USAGE_HISTORY_MAX, { error: SUBSCRIPTION_MESSAGES.historyLimit })
    .optional()
    .transform((n) => n ?? USAGE_HISTORY_DEFAULT),
});
export type UsageHistoryQuery = z.infer<typeof usageHistoryQuerySchema>;

/** POST /subscription/initialize {tier default free, startTrial default false} */
export const initializeSubscriptionSchema = z.object(
  {
    tier: tierSchema.default("free"),
    startTrial: z.boolean({ error: "startTrial must be true or false." }).default(false),
  },
  BODY_OBJECT,
);
export type InitializeSubscriptionInput = z.infer<typeof initializeSubscriptionSchema>;

/** POST /subscription/change-tier {tier, immediate} */
export const changeTierSchema = z.object(
  {
    tier: tierSchema,
    immediate: z.boolean({ error: "immediate must be true or false." }).default(true),
  },
  BODY_OBJECT,
);
export type ChangeTierInput = z.infer<typeof changeTierSchema>;

/** POST /subscription/checkout/confirm {sessionId}: on return from Checkout, read its outcome from Stripe. */
export const confirmCheckoutSchema = z.object(
  {
    sessionId: z
      .string({ error: "sessionId must be a Checkout Session id." })
      .regex(/^cs_[A-Za-z0-9_]{1,200}$/, { error: "sessionId must be a Checkout Session id." }),
  },
  BODY_OBJECT,
);
export type ConfirmCheckoutInput = z.infer<typeof confirmCheckoutSchema>;

/** POST /subscription/cancel {atPeriodEnd, reason} */
export const cancelSubscriptionSchema = z.object(
  {
    atPeriodEnd: z.boolean({ error: "atPeriodEnd must be true or false." }).default(true),
    reason: z
      .string({ error: "reason must be text." })
      .trim()
      .max(1000, { error: "reason is at most 1000 characters." })
      .optional(),
  },
  BODY_OBJECT,
);
export type CancelSubscriptionInput = z.infer<typeof cancelSubscriptionSchema>;

// ---- answers ----

/** Spec 'Subscription dashboard'.subscription; also GET /subscription/current. Dates are ISO strings. */
export interface SubscriptionSummary {
  tier: TierName;
  tierName: string;
  status: SubscriptionStatusName;
  isTrial: boolean;
  trialEndsAt: string | null;
  /** Whole days left in the trial (when trialing) or in the billing period. */
  daysRemaining: number;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  /** A cancellation is scheduled (spec: cancelAtPeriodEnd set), made here or in Stripe's portal. */
  cancelAtPeriodEnd: boolean;
  /** When the scheduled cancellation ends the plan ('Ends on {date}'); null when none is. */
  cancelAt: string | null;
  cancelledAt: string | null;
  /** A downgrade scheduled for currentPeriodEnd, or null. */
  pendingTier: TierName | null;
  /** Past due: when the grace period ends and the Free limits apply; null otherwise. */
  graceEndsAt: string | null;
  /** Whether a Stripe customer exists, so the customer portal (cards, invoices) can open. */
  canManagePayment: boolean;
}

/**
 * POST /subscription/change-tier: the plan changed now (`chargedMinor` is the prorated amount
 * charged now, negative for a credit), a change scheduled for renewal, nothing to do (the current
 * tier), or a first paid plan that starts at Stripe Checkout (the browser goes to `checkoutUrl`).
 */
export type ChangeTierResult =
  | { outcome: "changed"; subscription: SubscriptionSummary; chargedMinor: number; message: string }
  | { outcome: "scheduled"; subscription: SubscriptionSummary; message: string }
  | { outcome: "unchanged"; subscription: SubscriptionSummary; message: null }
  | { outcome: "checkout"; checkoutUrl: string };

/** POST /subscription/cancel and /subscription/reactivate: the new state and the spec's message. */
export interface SubscriptionChangeResult {
  subscription: SubscriptionSummary;
  message: string;
}

/** POST /subscription/portal: the Stripe customer portal session to open. */
export interface PortalSessionResult {
  url: string;
}

/** One meter: `limit` -1 is unlimited. Storage counts MB (shown as GB from 1024 MB). */
export interface UsageCounter {
  current: number;
  limit: number;
}

/** A cost figure: integer minor units, and the spec's £-prefixed string of it. */
export interface CostBreakdown {
  currency: "GBP";
  totalMinor: number;
  openaiMinor: number;
  storageMinor: number;
  overheadMinor: number;
  total: string;
  openai: string;
  storage: string;
  overhead: string;
}

/** GET /subscription/usage; the dashboard's `usage`. */
export interface SubscriptionUsage {
  periodStart: string;
  periodEnd: string;
  usage: { aiRequests: UsageCounter; posts: UsageCounter; storage: UsageCounter; teamMembers: UsageCounter };
  detailed: {
    openai: { requests: number; totalTokens: number; inputTokens: number; outputTokens: number };
    database: {
      storageGB: number;
      storageMB: number;
      posts: number;
      chatMessages: number;
      /** The person's AI conversations, as the dashboard's 'AI Conversations' card counts them. */
      aiConversations: number;
      mediaFiles: number;
    };
    costs: CostBreakdown;
  };
}

/** Spec 'Tier config', plus its key and order; `price` is the monthly price in major units. */
export interface TierInfo {
  tier: TierName;
  name: string;
  order: number;
  price: number;
  priceMinor: number;
  currency: "GBP";
  limits: TierLimits;
  features: string[];
}

/** GET /subscription/dashboard */
export interface SubscriptionDashboard {
  subscription: SubscriptionSummary;
  usage: SubscriptionUsage;
  tiers: TierInfo[];
}

/** Spec 'Usage history item' (one billing period, newest first). */
export interface UsageHistoryItem {
  /** "YYYY-MM": the calendar month (UTC) the period started in. */
  period: string;
  periodStart: string;
  periodEnd: string;
  summary: {
    openai: { requests: number; inputTokens: number; outputTokens: number };
    database: { posts: number; storageGB: number };
    costs: { total: string; totalMinor: number };
  };
}

/** GET /subscription/costs: the breakdown of this period, with the rates it used. */
export interface SubscriptionCosts extends CostBreakdown {
  periodStart: string;
  periodEnd: string;
  inputTokens: number;
  outputTokens: number;
  aiRequests: number;
  storageGB: number;
  explanation: string;
}

/** Spec 'Limit check result' (answered at the top level: success, allowed, reason). */
export interface LimitCheckResult {
  allowed: boolean;
  reason: string | null;
}
