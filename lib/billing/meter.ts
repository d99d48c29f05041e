/**
 * The usage meter's rule (spec section 4): under 70% the success colour, 70-89% amber, 90% and
 * over red with a warning; at 100% 'Limit reached! Upgrade to continue.', otherwise "You've used
 * N% of your {label} limit."; a limit of -1 is 'Unlimited' with no bar. Pure, for the billing page.
 */

export const METER_THRESHOLDS = { warning: 70, danger: 90, full: 100 } as const;

export type MeterLevel = "ok" | "warning" | "danger";

export interface MeterState {
  unlimited: boolean;
  /** Whole percent shown, 0-100 (rounded down: 99.6% is not yet "100%"). */
  percent: number;
  level: MeterLevel;
  reached: boolean;
  text: string;
}

export function usageMeter(current: number, limit: number, label: string): MeterState {
  if (limit === -1) return { unlimited: true, percent: 0, level: "ok", reached: false, text: "Unlimited" };
  const ratio = limit <= 0 ? 1 : Math.max(0, current) / limit;
  const exact = ratio * 100;
  const reached = exact >= METER_THRESHOLDS.full;
  const percent = Math.min(100, Math.floor(exact));
  const level: MeterLevel =
    exact >= METER_THRESHOLDS.danger ? "danger" : exact >= METER_THRESHOLDS.warning ? "warning" : "ok";
  const text = reached ? "Limit reached! Upgrade to continue." : `You've used ${percent}% of your ${label} limit.`;
  return { unlimited: false, percent, level, reached, text };
}
