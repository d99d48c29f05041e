import { count, eq } from "drizzle-orm";
import { db } from "@/db";
import { socialAccounts, subscriptions } from "@/db/schema";
import { ApiError } from "@/lib/api/errors";
import { tiers, type TierName } from "./tiers";

/** The user's current tier; a user without a subscription row is on the free tier. */
export async function getUserTier(userId: string): Promise<TierName> {
  const [row] = await db.select({ tier: subscriptions.tier, status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.userId, userId));
  return row && row.status !== "cancelled" ? row.tier : "free";
}

/** The one check every new social account goes through (spec: plan's socialAccountsMax). */
export async function assertCanConnectAccount(userId: string): Promise<void> {
  const tier = tiers[await getUserTier(userId)];
  const max = tier.limits.socialAccountsMax;
  if (max === -1) return;
  const [row] = await db.select({ total: count() }).from(socialAccounts).where(eq(socialAccounts.userId, userId));
  if ((row?.total ?? 0) >= max) {
    throw new ApiError(
      403,
      "account_limit_reached",
      `Your ${tier.name} plan allows ${max} connected account${max === 1 ? "" : "s"}. Upgrade your plan or disconnect an account to connect another.`,
    );
  }
}
