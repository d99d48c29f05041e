import { eq } from "drizzle-orm";
import { posts, subscriptions, usageRecords, type NewUsageRecord } from "@/db/schema";
import type { TierName } from "@/lib/billing/tiers";
import { testDb } from "../../fixtures/test-db";

/** The plan as Stripe will set it later: written straight to the user's row. */
export async function setTier(userId: string, tier: TierName): Promise<void> {
  await testDb().update(subscriptions).set({ tier }).where(eq(subscriptions.workspaceId, userId));
}

/** Usage the ledger holds for the user, as if recorded by the app. */
export async function addUsage(userId: string, records: Omit<NewUsageRecord, "workspaceId">[]): Promise<void> {
  await testDb()
    .insert(usageRecords)
    .values(records.map((record) => ({ ...record, workspaceId: userId })));
}

export const MB = 1024 * 1024;

/** The current calendar month in UTC, as the billing periods count it. */
export function thisMonthUtc(now = new Date()) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end, key: start.toISOString().slice(0, 7) };
}

/** The first instant of the month `back` months before this one, plus `plusDays` days (UTC). */
export function monthsAgo(back: number, plusDays = 0, now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1 + plusDays, 12));
}

/** `n` posts made this month, with the ledger's `post_created` records the plan's count reads (as createPost writes them). */
export async function addPostsThisMonth(workspaceId: string, n: number, label = "post"): Promise<void> {
  const made = await testDb()
    .insert(posts)
    .values(Array.from({ length: n }, (_, index) => ({ workspaceId, content: `${label} ${index}` })))
    .returning({ id: posts.id });
  await addUsage(
    workspaceId,
    made.map((post) => ({ kind: "post_created" as const, metadata: { postId: post.id } })),
  );
}
