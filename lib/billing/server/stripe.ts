import Stripe from "stripe";
import { env } from "@/lib/server/env";
import { tiers, type TierName } from "@/lib/billing/tiers";

/**
 * The app's one Stripe client (the official SDK). With STRIPE_SECRET_KEY it talks to Stripe; without
 * it, to Stripe in the sandbox (SANDBOX_URL: the SDK's host/port/protocol options, since it always
 * calls /v1/…), as the other platform clients do. Paid tiers map to monthly Prices: the ids from
 * STRIPE_PRICE_* when set, else the Price with the tier's lookup key, created from lib/billing/tiers.ts
 * when missing (the sandbox starts empty).
 */

export type PaidTier = Exclude<TierName, "free">;

/** A key the sandbox accepts (any sk_test_…); it never reaches Stripe. */
const SANDBOX_KEY = "sk_test_postloom_sandbox";

let client: Stripe | undefined;

export function stripe(): Stripe {
  if (client) return client;
  if (env.STRIPE_SECRET_KEY) {
    // The SDK's pinned version, named so the webhook endpoint can be created with the same one.
    client = new Stripe(env.STRIPE_SECRET_KEY, { apiVersion: Stripe.API_VERSION, maxNetworkRetries: 2 });
  } else {
    const url = new URL(env.SANDBOX_URL);
    const protocol = url.protocol === "https:" ? "https" : "http";
    client = new Stripe(SANDBOX_KEY, {
      apiVersion: Stripe.API_VERSION,
      host: url.hostname,
      port: Number(url.port || (protocol === "https" ? 443 : 80)),
      protocol,
      maxNetworkRetries: 1,
    });
  }
  return client;
}

export const usesStripeSandbox = () => !env.STRIPE_SECRET_KEY;

export const lookupKey = (tier: PaidTier) => `postloom_${tier}_monthly`;

const configuredPriceId = (tier: PaidTier) =>
  tier === "standard" ? env.STRIPE_PRICE_STANDARD : env.STRIPE_PRICE_PREMIUM;

/** The monthly Price of a paid tier; found by lookup key (created when missing) unless configured. */
export async function priceIdFor(tier: PaidTier): Promise<string> {
  const configured = configuredPriceId(tier);
  if (configured) return configured;
  const key = lookupKey(tier);
  const found = await stripe().prices.list({ lookup_keys: [key], limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const config = tiers[tier];
  try {
    const price = await stripe().prices.create(
      {
        currency: config.currency.toLowerCase(),
        unit_amount: config.priceMinor,
        recurring: { interval: "month" },
        product_data: { name: `Postloom ${config.name}` },
        lookup_key: key,
      },
      { idempotencyKey: `postloom-price-${key}-${config.priceMinor}` },
    );
    return price.id;
  } catch (error) {
    // Another process created it first: the lookup key is taken, so it is there now.
    const again = await stripe().prices.list({ lookup_keys: [key], limit: 1 });
    if (again.data[0]) return again.data[0].id;
    throw error;
  }
}

/** The tier a Stripe Price stands for; null for a price that is none of ours. */
export function tierForPrice(price: Stripe.Price | string): PaidTier | null {
  const id = typeof price === "string" ? price : price.id;
  const key = typeof price === "string" ? null : price.lookup_key;
  for (const tier of ["standard", "premium"] as const) {
    if (configuredPriceId(tier) === id || (key !== null && key === lookupKey(tier))) return tier;
  }
  return null;
}

export const isPaidTier = (tier: TierName): tier is PaidTier => tier !== "free";
