import { formatMoney } from "./format";
import type { CostBreakdown } from "./schemas";

/**
 * The cost estimate of a user's usage (spec section 9): AI tokens at $0.15 per million in and $0.60
 * per million out, storage at £0.12 per GB-month, plus a 20% infrastructure buffer. Shown in GBP.
 *
 * Worked in millionths of a penny (integers) so nothing is lost before the one rounding per
 * component; the total is the sum of the rounded components, so the breakdown always adds up.
 */

export const COST_RATES = {
  /** US cents per million tokens. */
  aiInputCentsPerMillion: 15,
  aiOutputCentsPerMillion: 60,
  /** Pence per GB stored for a month. */
  storagePencePerGbMonth: 12,
  /** The buffer on top, in percent. */
  overheadPercent: 20,
  /**
   * Fixed USD → GBP rate of the estimate (pence per cent, as a fraction): an estimate must not
   * change from one page load to the next, so it does not follow the market.
   */
  usdToGbp: { numerator: 79, denominator: 100 },
} as const;

/** US cents as pounds at the estimate's rate, to the fraction of a penny it has ("£0.1185"). */
function centsAsPounds(cents: number): string {
  const pounds = (cents * COST_RATES.usdToGbp.numerator) / COST_RATES.usdToGbp.denominator / 100;
  return `£${pounds.toFixed(4).replace(/0{1,2}$/, "")}`;
}

/** How the estimate is made, in one currency (the AI provider's dollar rates at the fixed rate). */
export const COST_EXPLANATION =
  `AI tokens ${centsAsPounds(COST_RATES.aiInputCentsPerMillion)} per 1M input and ` +
  `${centsAsPounds(COST_RATES.aiOutputCentsPerMillion)} per 1M output; ` +
  `storage £${(COST_RATES.storagePencePerGbMonth / 100).toFixed(2)} per GB per month; ` +
  `plus ${COST_RATES.overheadPercent}% infrastructure buffer.`;

const BYTES_PER_GB = 1024 ** 3;
const MICRO = 1_000_000;

export interface CostInput {
  inputTokens: number;
  outputTokens: number;
  /** Bytes stored over the period (a whole month of them). */
  storageBytes: number;
}

export interface CostMinor {
  openaiMinor: number;
  storageMinor: number;
  overheadMinor: number;
  totalMinor: number;
}

/** The estimate in whole pence. */
export function computeCosts({ inputTokens, outputTokens, storageBytes }: CostInput): CostMinor {
  const { aiInputCentsPerMillion, aiOutputCentsPerMillion, storagePencePerGbMonth, overheadPercent, usdToGbp } =
    COST_RATES;
  // cents per million tokens × tokens = millionths of a cent; then to millionths of a penny.
  const aiMicroCents = inputTokens * aiInputCentsPerMillion + outputTokens * aiOutputCentsPerMillion;
  const aiMicroPence = (aiMicroCents * usdToGbp.numerator) / usdToGbp.denominator;
  const storageMicroPence = (Math.max(0, storageBytes) * storagePencePerGbMonth * MICRO) / BYTES_PER_GB;
  const overheadMicroPence = ((aiMicroPence + storageMicroPence) * overheadPercent) / 100;
  const openaiMinor = Math.round(aiMicroPence / MICRO);
  const storageMinor = Math.round(storageMicroPence / MICRO);
  const overheadMinor = Math.round(overheadMicroPence / MICRO);
  return { openaiMinor, storageMinor, overheadMinor, totalMinor: openaiMinor + storageMinor + overheadMinor };
}

/** The breakdown with the spec's £-prefixed strings. */
export function costBreakdown(input: CostInput): CostBreakdown {
  const minor = computeCosts(input);
  return {
    currency: "GBP",
    ...minor,
    total: formatMoney(minor.totalMinor, "GBP"),
    openai: formatMoney(minor.openaiMinor, "GBP"),
    storage: formatMoney(minor.storageMinor, "GBP"),
    overhead: formatMoney(minor.overheadMinor, "GBP"),
  };
}
