import { and, count, eq, gte, sql } from "drizzle-orm";
import { db, type Transaction } from "@/db";
import { posts, socialAccounts, subscriptions } from "@/db/schema";
import { ApiError } from "@/lib/server/api/errors";
import { tiers, type TierName } from "@/lib/billing/tiers";

/** The user's current tier; a user without a subscription row is on the free tier. */
export async function getUserTier(userId: string, executor: Transaction | typeof db = db): Promise<TierName> {
  const [row] = await executor
    .select({ tier: subscriptions.tier, status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
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

function startOfMonthUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Whether the plan allows another post this month (spec: check-limit?operation=createPost). */
export async function checkCreatePost(
  userId: string,
  executor: Transaction | typeof db = db,
): Promise<{ allowed: boolean; reason: string | null }> {
  const tier = tiers[await getUserTier(userId, executor)];
  const max = tier.limits.postsPerMonth;
  if (max === -1) return { allowed: true, reason: null };
  const [row] = await executor
    .select({ total: count() })
    .from(posts)
    .where(and(eq(posts.userId, userId), gte(posts.createdAt, startOfMonthUtc())));
  const used = row?.total ?? 0;
  return used < max
    ? { allowed: true, reason: null }
    : {
        allowed: false,
        reason: `You have created ${used} of ${max} posts allowed this month on the ${tier.name} plan.`,
      };
}

/**
 * Inside the transaction that inserts the post: the user's post creations take turns (a transaction
 * lock per user), so two saved at the same moment cannot both take the plan's last post.
 */
export async function assertCanCreatePost(userId: string, tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`post-limit:${userId}`}))`);
  const { allowed } = await checkCreatePost(userId, tx);
  if (!allowed)
    throw new ApiError(
      403,
      "post_limit_reached",
      "Post limit reached for your plan. Please upgrade or delete old posts.",
    );
}
