import { MESSAGES as POST_MESSAGES } from "@/lib/posts/constants";

/**
 * The subscription API's statuses, messages and cancellation reasons: plain values, no zod, so the
 * Billing page does not ship the validation library in its first load. Re-exported by
 * lib/billing/schemas.ts.
 */

export const subscriptionStatuses = ["active", "trialing", "cancelled", "past_due"] as const;
export type SubscriptionStatusName = (typeof subscriptionStatuses)[number];

export const SUBSCRIPTION_MESSAGES = {
  loadFailed: "Failed to load billing information. Please try again.",
  upgraded: (tierName: string) => `Successfully upgraded to ${tierName} plan!`,
  downgraded: (tierName: string) => `Successfully downgraded to ${tierName} plan!`,
  changeFailed: "Failed to change tier. Please try again.",
  // Ours: Back on Stripe Checkout is a choice, not a failure.
  checkoutLeft: "Checkout cancelled: nothing was charged and your plan has not changed.",
  cancelAtPeriodEnd: "Subscription will be cancelled at the end of your billing period.",
  cancelledImmediately: "Subscription cancelled immediately.",
  cancelFailed: "Failed to cancel subscription. Please try again.",
  reactivated: "Subscription reactivated successfully!",
  reactivateFailed: "Failed to reactivate subscription.",
  // Ours: the server's refusals, each a sentence the page can show as it is.
  freeCannotCancel: "The Free plan cannot be cancelled. It stays free for as long as you keep your account.",
  paidNeedsCheckout: "A paid plan starts through checkout. Choose it under 'Available Plans' on the Billing page.",
  changeScheduled: (tierName: string, on: string) => `Your plan changes to ${tierName} on ${on}.`,
  cancellationScheduled: "Your subscription is scheduled for cancellation. Reactivate it before choosing another plan.",
  nothingToReactivate: "There is no scheduled cancellation to undo: your subscription continues as it is.",
  trialUsed: "Your free trial has already been used. Choose a plan to continue.",
  checkoutNotFound: "That checkout session was not found.",
  /** The spec's save error (section 8), kept where the post editor has it. */
  postLimit: POST_MESSAGES.limitReached,
  storageLimit: (tierName: string, limitMB: number, leftMB: number) =>
    `This upload does not fit in your ${tierName} plan's ${limitMB} MB of storage (${leftMB} MB left). Delete media or upgrade your plan.`,
  accountLimit: (tierName: string, max: number) =>
    `Your ${tierName} plan allows ${max} connected account${max === 1 ? "" : "s"}. Upgrade your plan or disconnect an account to connect another.`,
  aiLimit: (tierName: string, max: number) =>
    `You have used all ${max} AI requests of your ${tierName} plan this month. Upgrade your plan for more.`,
  operation: "operation must be one of createPost, aiRequest, uploadMedia or connectAccount.",
  sizeRequired: "size (the upload's size in bytes) is required for uploadMedia.",
  size: "size must be a whole number of bytes, 0 or more.",
  historyLimit: "limit must be a whole number from 1 to 24.",
  tier: "tier must be one of free, standard or premium.",
} as const;

export const cancelReasons = [
  "Too expensive",
  "Not using enough",
  "Missing features",
  "Found alternative",
  "Technical issues",
  "Other",
] as const;
