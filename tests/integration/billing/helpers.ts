import { eq } from "drizzle-orm";
import { subscriptions, usageRecords, type NewUsageRecord } from "@/db/schema";
import type { TierName } from "@/lib/billing/tiers";
import { testDb } from "../../fixtures/test-db";

/** The plan as Stripe will set it later: written straight to the user's row. */
export async function setTier(userId: string, tier: TierName): Promise<void> {
  await testDb().update(subscriptions).set({ tier }).where(eq(subscriptions.userId, userId));
}

/** Usage the ledger holds for the user, as if recorded by the app. */
export async function addUsage(userId: string, records: Omit<NewUsageRecord, "userId">[]): Promise<void> {
  await testDb()
    .insert(usageRecords)
    .values(records.map((record) => ({ ...record, userId })));
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
