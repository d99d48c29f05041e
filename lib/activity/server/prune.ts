import { lt, sql } from "drizzle-orm";
import { db } from "@/db";
import { activityEvents } from "@/db/schema";
import { ACTIVITY_RETENTION_DAYS } from "@/lib/activity/schemas";

/**
 * Retention of the activity log (docs/data.md): events are kept ACTIVITY_RETENTION_DAYS, then the
 * worker's periodic prune deletes them, oldest first, in batches short enough not to hold locks
 * for long. Idempotent, and harmless when several workers run it at once.
 *
 * Returns how many it deleted.
 */
export async function pruneActivity(days = ACTIVITY_RETENTION_DAYS, batch = 5_000): Promise<number> {
  const cutoff = sql`now() - make_interval(days => ${days})`;
  let total = 0;
  for (;;) {
    const oldest = db
      .select({ id: activityEvents.id })
      .from(activityEvents)
      .where(lt(activityEvents.createdAt, cutoff))
      .limit(batch);
    const deleted = await db
      .delete(activityEvents)
      .where(sql`${activityEvents.id} in (${oldest})`)
      .returning({ id: activityEvents.id });
    total += deleted.length;
    if (deleted.length < batch) return total;
  }
}
