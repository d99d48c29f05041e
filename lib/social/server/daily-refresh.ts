import { sql } from "drizzle-orm";
import { db } from "@/db";
import { socialAccounts } from "@/db/schema";
import { refreshAccountData } from "./accounts-service";

/**
 * The account-level numbers (followers, posts, name, picture) kept fresh by the worker:
 * each connected account with a valid token is refreshed at most once a day, by the same call as
 * 'Refresh Data' (refreshAccountData). An account is claimed by setting its Last Sync to now in the
 * same statement that picks it (FOR UPDATE SKIP LOCKED), so two workers never refresh one account
 * and a failure is not retried before the next day (no retry storm); an expired token is flagged
 * by refreshAccountData as on 'Refresh Data', and flagged accounts are skipped until reconnected.
 * Connecting sets Last Sync, so every connected account has one; a row without it was not made by
 * connecting (seeded or inserted by hand) and is left alone.
 */

const DAY_MS = 86_400_000;
/** Accounts refreshed per run (the worker runs it every few seconds); the rest wait for the next. */
const PER_RUN = 5;

export async function refreshStaleAccounts(now: Date = new Date()): Promise<{ refreshed: number; failed: number }> {
  const claimed = await db.execute<{ id: string; workspace_id: string }>(sql`
    update ${socialAccounts} set last_sync_at = ${now}
    where id in (
      select id from ${socialAccounts}
      where has_valid_token and last_sync_at <= ${new Date(now.getTime() - DAY_MS)}
      order by last_sync_at, id
      limit ${PER_RUN}
      for update skip locked)
    returning id, workspace_id`);
  let refreshed = 0;
  let failed = 0;
  for (const row of claimed.rows) {
    try {
      await refreshAccountData(row.workspace_id, row.id);
      refreshed += 1;
    } catch (error) {
      failed += 1;
      console.error(`[accounts] daily refresh of ${row.id} failed`, error);
    }
  }
  return { refreshed, failed };
}
