import { db, type Database } from "@/db";
import { moveAnalyticsVersions, rebuildAllDailyRollups, rebuildFiguresAndTotals } from "@/lib/analytics/server/rebuild";
import { rebuildPostCounts, rebuildPostDocuments } from "@/lib/posts/server/rebuild";

/**
 * Every store derived from other tables (docs/data.md › Derived stores in PostgreSQL) rebuilt
 * from its sources: `npm run db:rebuild-derived`. Safe on a live database: each step writes only
 * what differs, in transactions that take the locks its store's writers take, in their order, or
 * (post counts, analytics versions) adds what it read in one snapshot, as the writers add theirs.
 * Idempotent: a second run finds nothing to change (but the analytics versions, which it moves on
 * again). The order matters: figures before the totals and documents that show them; the
 * analytics versions last, once every answer's data is right.
 */

export interface RebuildReport {
  /** target_metrics rows whose figures were not their newest snapshot's. */
  targetFigures: number;
  /** posts whose `*_total` were not their pages' sums. */
  postTotals: number;
  /** metric_daily rows written or deleted. */
  dailyRollups: number;
  /** (user, status) pairs whose post_counts sum was wrong. */
  postCounts: number;
  /** post_documents stored (missing, of another shape or differing) and deleted (their post gone). */
  postDocuments: { stored: number; removed: number };
  /** users whose analytics version was moved on. */
  analyticsVersions: number;
}

export async function rebuildDerived(database: Database = db): Promise<RebuildReport> {
  const { figures, totals } = await rebuildFiguresAndTotals(database);
  const dailyRollups = await rebuildAllDailyRollups(database);
  const postCounts = await rebuildPostCounts(database);
  const postDocuments = await rebuildPostDocuments(database);
  const analyticsVersions = await moveAnalyticsVersions(database);
  return { targetFigures: figures, postTotals: totals, dailyRollups, postCounts, postDocuments, analyticsVersions };
}
