/**
 * Plan tiers and their limits (-1 = unlimited). The spec leaves prices and limits to the server;
 * these are ours. Prices in minor units (pence).
 */
export const tierNames = ["free", "standard", "premium"] as const;
export type TierName = (typeof tierNames)[number];

export interface TierLimits {
  aiRequestsPerMonth: number;
  postsPerMonth: number;
  storageMB: number;
  socialAccountsMax: number;
  teamMembers: number;
}

export interface TierConfig {
  name: string;
  priceMinor: number;
  currency: "GBP";
  order: number;
  limits: TierLimits;
  features: string[];
}

export const tiers: Record<TierName, TierConfig> = {
  free: {
    name: "Free",
    priceMinor: 0,
    currency: "GBP",
    order: 1,
    limits: { aiRequestsPerMonth: 50, postsPerMonth: 30, storageMB: 500, socialAccountsMax: 3, teamMembers: 1 },
    features: ["3 social accounts", "30 posts a month", "50 AI requests a month", "Calendar scheduling"],
  },
  standard: {
    name: "Standard",
    priceMinor: 1299,
    currency: "GBP",
    order: 2,
    limits: { aiRequestsPerMonth: 500, postsPerMonth: 300, storageMB: 5120, socialAccountsMax: 10, teamMembers: 3 },
    features: ["10 social accounts", "300 posts a month", "500 AI requests a month", "Analytics", "AI share messages"],
  },
  premium: {
    name: "Premium",
    priceMinor: 3999,
    currency: "GBP",
    order: 3,
    limits: { aiRequestsPerMonth: -1, postsPerMonth: -1, storageMB: 51200, socialAccountsMax: -1, teamMembers: 10 },
    features: [
      "Unlimited social accounts",
      "Unlimited posts",
      "Unlimited AI",
      "Advanced analytics",
      "Priority support",
    ],
  },
};
