import { describe, expect, it } from "vitest";
import {
  cancelReasonText,
  changeTierBanner,
  chargeText,
  daysRemainingText,
  formatPeriodMonth,
  formatShortDate,
  limitText,
  parseCheckoutReturn,
  pastDueText,
  planChange,
  priceDifferenceText,
  statusLabel,
} from "@/lib/billing/display";
import type { SubscriptionSummary } from "@/lib/billing/schemas";
import { tiers } from "@/lib/billing/tiers";
import { lostOnCancel } from "@/lib/billing/cancel-losses";

const summary: SubscriptionSummary = {
  tier: "standard",
  tierName: "Standard",
  status: "active",
  isTrial: false,
  trialEndsAt: null,
  daysRemaining: 12,
  currentPeriodStart: "2026-11-03T10:00:00.000Z",
  currentPeriodEnd: "2026-12-03T10:00:00.000Z",
  cancelAtPeriodEnd: false,
  cancelAt: null,
  cancelledAt: null,
  pendingTier: null,
  graceEndsAt: null,
  canManagePayment: true,
};

describe("billing display", () => {
  it("labels each status as the spec does, an unknown one as Active", () => {
    expect(statusLabel("active")).toBe("Active");
    expect(statusLabel("trialing")).toBe("Trial");
    expect(statusLabel("cancelled")).toBe("Cancelled");
    expect(statusLabel("past_due")).toBe("Past Due");
    expect(statusLabel("incomplete")).toBe("Active");
  });

  it("says the trial's or the period's days left", () => {
    expect(daysRemainingText(summary)).toBe("12 days remaining in billing period");
    expect(daysRemainingText({ ...summary, daysRemaining: 1 })).toBe("1 day remaining in billing period");
    expect(daysRemainingText({ ...summary, status: "trialing", isTrial: true, daysRemaining: 5 })).toBe(
      "Trial ends in 5 days",
    );
  });

  it("writes en-GB short dates in the given zone", () => {
    expect(formatShortDate("2026-12-03T10:00:00.000Z", "UTC")).toBe("3 Dec 2026");
    // 23:30 UTC on 31 Dec is already 1 Jan in Berlin.
    expect(formatShortDate("2026-12-31T23:30:00.000Z", "Europe/Berlin")).toBe("1 Jan 2027");
    expect(formatPeriodMonth("2026-11")).toBe("Nov 2026");
    expect(formatPeriodMonth("bad")).toBe("bad");
  });

  it("orders tiers free < standard < premium", () => {
    expect(planChange("free", "standard")).toBe("upgrade");
    expect(planChange("standard", "premium")).toBe("upgrade");
    expect(planChange("premium", "free")).toBe("downgrade");
    expect(planChange("standard", "free")).toBe("downgrade");
    expect(planChange("standard", "standard")).toBe("current");
  });

  it("writes limits, price differences and the prorated charge", () => {
    expect(limitText(-1, "posts/month")).toBe("Unlimited posts/month");
    expect(limitText(1500, "posts/month")).toBe("1,500 posts/month");
    expect(priceDifferenceText(1299, 3999, "GBP")).toBe("+£27.00/month");
    expect(priceDifferenceText(0, 1299, "USD")).toBe("+$12.99/month");
    expect(chargeText(1742, "GBP")).toBe("£17.42 was charged now (prorated for this billing period).");
    expect(chargeText(-905, "GBP")).toBe("£9.05 was credited to your account (prorated for this billing period).");
    expect(chargeText(0, "GBP")).toBe("Nothing was charged now.");
  });

  it("turns a change-tier answer into the banner", () => {
    const message = "Successfully upgraded to Premium plan!";
    expect(changeTierBanner({ outcome: "changed", subscription: summary, chargedMinor: 1742, message }, "GBP")).toEqual(
      {
        type: "success",
        message,
        detail: "£17.42 was charged now (prorated for this billing period).",
      },
    );
    expect(changeTierBanner({ outcome: "scheduled", subscription: summary, message: "Later." }, "GBP")).toEqual({
      type: "success",
      message: "Later.",
    });
    expect(changeTierBanner({ outcome: "unchanged", subscription: summary, message: null }, "GBP")).toBeNull();
  });

  it("reads the Checkout return from the query", () => {
    expect(parseCheckoutReturn(new URLSearchParams("checkout=success&session_id=cs_test_123"))).toEqual({
      kind: "success",
      sessionId: "cs_test_123",
    });
    expect(parseCheckoutReturn(new URLSearchParams("checkout=cancelled"))).toEqual({ kind: "cancelled" });
    expect(parseCheckoutReturn(new URLSearchParams("checkout=success"))).toBeNull();
    expect(parseCheckoutReturn(new URLSearchParams("checkout=success&session_id=%3Cscript%3E"))).toBeNull();
    expect(parseCheckoutReturn(new URLSearchParams(""))).toBeNull();
  });

  it("says when the Free limits apply to a past-due subscription", () => {
    expect(pastDueText({ tierName: "Standard", graceEndsAt: "2026-12-10T12:00:00.000Z" }, "UTC")).toBe(
      "Your last payment for the Standard plan failed. Update your card by 10 Dec 2026, or the Free plan's limits will apply from then.",
    );
  });

  it("sends the chosen reason, with the text after 'Other'", () => {
    expect(cancelReasonText(null, "ignored")).toBeUndefined();
    expect(cancelReasonText("Too expensive", "")).toBe("Too expensive");
    expect(cancelReasonText("Other", "  ")).toBe("Other");
    expect(cancelReasonText("Other", " We moved. ")).toBe("Other: We moved.");
    expect(cancelReasonText("Other", "x".repeat(2000))).toHaveLength(1000);
  });
});

describe("what cancelling takes away", () => {
  it("lists each limit of the plan above Free's, against Free's, and nothing for Free", () => {
    expect(lostOnCancel(tiers.standard.limits, tiers.free.limits)).toEqual([
      "500 AI requests a month (Free: 50)",
      "300 posts a month (Free: 30)",
      "10 connected accounts (Free: 3)",
      "3 team members (Free: 1)",
      "5 GB of media storage (Free: 500 MB)",
    ]);
    expect(lostOnCancel(tiers.premium.limits, tiers.free.limits)).toEqual([
      "Unlimited AI requests a month (Free: 50)",
      "Unlimited posts a month (Free: 30)",
      "Unlimited connected accounts (Free: 3)",
      "10 team members (Free: 1)",
      "50 GB of media storage (Free: 500 MB)",
    ]);
    expect(lostOnCancel(tiers.free.limits, tiers.free.limits)).toEqual([]);
  });
});
