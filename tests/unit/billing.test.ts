import { describe, expect, it } from "vitest";
import { computeCosts, costBreakdown, COST_EXPLANATION, COST_RATES } from "@/lib/billing/costs";
import { bytesToMb, currencySymbol, formatMoney, formatStorage, mbToGb } from "@/lib/billing/format";
import { usageMeter } from "@/lib/billing/meter";

const GB = 1024 ** 3;

describe("storage is shown in GB from 1024 MB", () => {
  it.each([
    [0, "0 MB"],
    [500, "500 MB"],
    [1023.9, "1023.9 MB"],
    [1024, "1 GB"],
    [1536, "1.5 GB"],
    [5120, "5 GB"],
    [51200, "50 GB"],
  ])("%d MB → %s", (mb, expected) => {
    expect(formatStorage(mb)).toBe(expected);
  });

  it("converts with 1024, not 1000", () => {
    expect(mbToGb(1024)).toBe(1);
    expect(mbToGb(1000)).toBe(0.98);
    expect(bytesToMb(1024 * 1024)).toBe(1);
    expect(bytesToMb(1_000_000)).toBe(0.95);
  });
});

describe("money: £ for GBP, otherwise $, from minor units", () => {
  it.each([
    [1299, "GBP", "£12.99"],
    [0, "GBP", "£0.00"],
    [3999, "gbp", "£39.99"],
    [1299, "USD", "$12.99"],
    [1299, "EUR", "$12.99"],
    [123456, "GBP", "£1,234.56"],
    [-150, "GBP", "-£1.50"],
  ])("%d %s → %s", (minor, currency, expected) => {
    expect(formatMoney(minor, currency)).toBe(expected);
  });

  it("has the symbol alone", () => {
    expect(currencySymbol("GBP")).toBe("£");
    expect(currencySymbol("USD")).toBe("$");
  });
});

describe("cost breakdown: $0.15/1M in, $0.60/1M out, £0.12 per GB-month, 20% buffer", () => {
  const usdToGbp = COST_RATES.usdToGbp.numerator / COST_RATES.usdToGbp.denominator;

  it("nothing used costs nothing", () => {
    expect(computeCosts({ inputTokens: 0, outputTokens: 0, storageBytes: 0 })).toEqual({
      openaiMinor: 0,
      storageMinor: 0,
      overheadMinor: 0,
      totalMinor: 0,
    });
  });

  it("one million input tokens: 15 cents in pounds, plus 20%", () => {
    // 15 cents × 0.79 = 11.85p → 12p; buffer 2.37p → 2p.
    expect(15 * usdToGbp).toBeCloseTo(11.85);
    expect(computeCosts({ inputTokens: 1_000_000, outputTokens: 0, storageBytes: 0 })).toEqual({
      openaiMinor: 12,
      storageMinor: 0,
      overheadMinor: 2,
      totalMinor: 14,
    });
  });

  it("one million output tokens cost four times as much as input", () => {
    // 60 cents × 0.79 = 47.4p → 47p; buffer 9.48p → 9p.
    expect(computeCosts({ inputTokens: 0, outputTokens: 1_000_000, storageBytes: 0 })).toEqual({
      openaiMinor: 47,
      storageMinor: 0,
      overheadMinor: 9,
      totalMinor: 56,
    });
  });

  it("storage: 12p per GB for the month (GB of 1024³ bytes)", () => {
    expect(computeCosts({ inputTokens: 0, outputTokens: 0, storageBytes: 10 * GB })).toEqual({
      openaiMinor: 0,
      storageMinor: 120,
      overheadMinor: 24,
      totalMinor: 144,
    });
    // 1,000,000,000 bytes is 0.93 GB: 11.18p → 11p.
    expect(computeCosts({ inputTokens: 0, outputTokens: 0, storageBytes: 1_000_000_000 }).storageMinor).toBe(11);
  });

  it("the buffer is 20% of the unrounded sum, and the total is the sum of what is shown", () => {
    // AI (30 + 60) × 0.79 = 71.1p; storage 60p; buffer 26.22p.
    const costs = costBreakdown({ inputTokens: 2_000_000, outputTokens: 1_000_000, storageBytes: 5 * GB });
    expect(costs).toMatchObject({ openaiMinor: 71, storageMinor: 60, overheadMinor: 26, totalMinor: 157 });
    expect(costs).toMatchObject({ openai: "£0.71", storage: "£0.60", overhead: "£0.26", total: "£1.57" });
    expect(costs.totalMinor).toBe(costs.openaiMinor + costs.storageMinor + costs.overheadMinor);
  });

  it("amounts are whole minor units", () => {
    const costs = computeCosts({ inputTokens: 123_457, outputTokens: 98_765, storageBytes: 123_456_789 });
    for (const value of Object.values(costs)) expect(Number.isInteger(value)).toBe(true);
  });
});

describe("usage meter: 70% amber, 90% red, 100% limit reached, -1 unlimited", () => {
  it.each([
    [0, 100, "ok", 0, "You've used 0% of your AI requests limit."],
    [69, 100, "ok", 69, "You've used 69% of your AI requests limit."],
    [70, 100, "warning", 70, "You've used 70% of your AI requests limit."],
    [89, 100, "warning", 89, "You've used 89% of your AI requests limit."],
    [90, 100, "danger", 90, "You've used 90% of your AI requests limit."],
    [199, 200, "danger", 99, "You've used 99% of your AI requests limit."],
    [100, 100, "danger", 100, "Limit reached! Upgrade to continue."],
    [130, 100, "danger", 100, "Limit reached! Upgrade to continue."],
  ] as const)("%d of %d → %s %d%%", (current, limit, level, percent, text) => {
    const meter = usageMeter(current, limit, "AI requests");
    expect(meter).toMatchObject({ unlimited: false, level, percent, text });
    expect(meter.reached).toBe(current >= limit);
  });

  it("thresholds apply to the exact share, not the rounded one", () => {
    expect(usageMeter(699, 1000, "posts").level).toBe("ok");
    expect(usageMeter(899, 1000, "posts").level).toBe("warning");
    expect(usageMeter(999, 1000, "posts").reached).toBe(false);
  });

  it("an unlimited limit shows 'Unlimited' and no bar", () => {
    expect(usageMeter(12345, -1, "posts")).toEqual({
      unlimited: true,
      percent: 0,
      level: "ok",
      reached: false,
      text: "Unlimited",
    });
  });
});

describe("the cost estimate's explanation", () => {
  it("names every rate in the one currency it is shown in", () => {
    expect(COST_EXPLANATION).toBe(
      "AI tokens £0.1185 per 1M input and £0.474 per 1M output; storage £0.12 per GB per month; plus 20% infrastructure buffer.",
    );
    expect(COST_EXPLANATION).not.toContain("$");
  });
});
