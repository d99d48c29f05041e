/**
 * X API access tiers, as the app's TWITTER_API_TIER names them. The sandbox applies the rate limits
 * of the tier it was started with (`startSandbox({ xTier })`, SANDBOX_X_TIER, else the app's
 * TWITTER_API_TIER); pay-per-use by default, X's only self-serve plan for new apps since
 * 6 Feb 2026 (docs.x.com changelog, "Launch of X API Pay-Per-Use pricing"). Free, Basic and Pro
 * are the legacy plans existing subscribers may keep.
 */
export const X_TIERS = ["payg", "free", "basic", "pro", "enterprise"] as const;
export type XTier = (typeof X_TIERS)[number];

export function parseXTier(value: string | undefined): XTier {
  const tier = value?.trim() || "payg";
  if (!(X_TIERS as readonly string[]).includes(tier))
    throw new Error(`SANDBOX_X_TIER must be one of ${X_TIERS.join(", ")}, got "${value}"`);
  return tier as XTier;
}
