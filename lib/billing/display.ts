import { dateTimeFormat } from "@/lib/format";
import { formatMoney } from "./format";
import type { ChangeTierResult, SubscriptionStatusName, SubscriptionSummary, cancelReasons } from "./schemas";
import { tiers, type TierName } from "./tiers";

/**
 * What the Billing page says about a subscription (spec sections 2 and 4), as pure functions so the
 * rules are unit-tested: the status badge, the days left, en-GB period dates, the plan change
 * direction, limits and the result messages.
 */

const STATUS_LABELS: Record<SubscriptionStatusName, string> = {
  active: "Active",
  trialing: "Trial",
  cancelled: "Cancelled",
  past_due: "Past Due",
};

/** Spec section 4: an unknown status is shown as active. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status as SubscriptionStatusName] ?? STATUS_LABELS.active;
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** 'Trial ends in N days' while trialing, else 'N days remaining in billing period'. */
export function daysRemainingText(summary: Pick<SubscriptionSummary, "isTrial" | "status" | "daysRemaining">): string {
  if (summary.status === "trialing" || (summary.isTrial && summary.status !== "cancelled"))
    return `Trial ends in ${plural(summary.daysRemaining, "day")}`;
  return `${plural(summary.daysRemaining, "day")} remaining in billing period`;
}

/** An instant as an en-GB short date ("1 Dec 2026"), in the given zone (the browser's by default). */
export function formatShortDate(iso: string, timeZone?: string): string {
  return dateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone }).format(new Date(iso));
}

/** "2026-11" → "Nov 2026" (a usage history period). */
export function formatPeriodMonth(period: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return period;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return dateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" }).format(date);
}

export type PlanChange = "upgrade" | "downgrade" | "current";

/** Spec section 4: tier order free 1 < standard 2 < premium 3. */
export function planChange(current: TierName, target: TierName): PlanChange {
  const diff = tiers[target].order - tiers[current].order;
  return diff > 0 ? "upgrade" : diff < 0 ? "downgrade" : "current";
}

/** A monthly limit for people: -1 is 'Unlimited'. */
export function limitText(limit: number, unit: string): string {
  return limit === -1 ? `Unlimited ${unit}` : `${limit.toLocaleString("en-GB")} ${unit}`;
}

/** The monthly price difference of an upgrade ("+£27.00/month"). */
export function priceDifferenceText(currentMinor: number, targetMinor: number, currency: string): string {
  const diff = targetMinor - currentMinor;
  return `${diff >= 0 ? "+" : ""}${formatMoney(diff, currency)}/month`;
}

/**
 * The line shown under the spec's message after a plan changed now: the prorated amount charged
 * (or credited, for a downgrade) by Stripe for the rest of this billing period.
 */
export function chargeText(chargedMinor: number, currency: string): string {
  if (chargedMinor > 0)
    return `${formatMoney(chargedMinor, currency)} was charged now (prorated for this billing period).`;
  if (chargedMinor < 0)
    return `${formatMoney(-chargedMinor, currency)} was credited to your account (prorated for this billing period).`;
  return "Nothing was charged now.";
}

export interface ResultBanner {
  type: "success" | "error" | "info";
  message: string;
  detail?: string;
}

/** The banner after POST change-tier answered (a checkout answer sends the browser away instead). */
export function changeTierBanner(
  result: Exclude<ChangeTierResult, { outcome: "checkout" }>,
  currency: string,
): ResultBanner | null {
  if (result.outcome === "unchanged") return null;
  if (result.outcome === "scheduled") return { type: "success", message: result.message };
  return { type: "success", message: result.message, detail: chargeText(result.chargedMinor, currency) };
}

/** Where the browser came back from Stripe Checkout: /billing?checkout=success&session_id=… or ?checkout=cancelled. */
export type CheckoutReturn = { kind: "success"; sessionId: string } | { kind: "cancelled" } | null;

export function parseCheckoutReturn(search: URLSearchParams): CheckoutReturn {
  const checkout = search.get("checkout");
  if (checkout === "cancelled") return { kind: "cancelled" };
  const sessionId = search.get("session_id");
  if (checkout === "success" && sessionId && /^[\w-]{1,255}$/.test(sessionId)) return { kind: "success", sessionId };
  return null;
}

/** The past-due banner's sentence: payment failed, and from when the Free limits apply. */
export function pastDueText(summary: Pick<SubscriptionSummary, "tierName" | "graceEndsAt">, timeZone?: string): string {
  const when = summary.graceEndsAt ? formatShortDate(summary.graceEndsAt, timeZone) : null;
  return when
    ? `Your last payment for the ${summary.tierName} plan failed. Update your card by ${when}, or the Free plan's limits will apply from then.`
    : `Your last payment for the ${summary.tierName} plan failed. Update your card, or the Free plan's limits will apply.`;
}

export type CancelReason = (typeof cancelReasons)[number];
/** The cancel endpoint takes a reason of at most 1000 characters (cancelSubscriptionSchema). */
export const CANCEL_REASON_MAX = 1000;

/** The reason sent with a cancellation: the chosen chip, with the free text after 'Other'. */
export function cancelReasonText(reason: CancelReason | null, details: string): string | undefined {
  if (!reason) return undefined;
  const text = details.trim();
  if (reason !== "Other" || !text) return reason;
  return `Other: ${text}`.slice(0, CANCEL_REASON_MAX);
}
