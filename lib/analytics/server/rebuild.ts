import { eq, sql } from "drizzle-orm";
import { db, type Database } from "@/db";
import { PG_ERROR, retryingOn } from "@/db/pg-errors";
import { analyticsVersions, metricDaily, metricSnapshots, posts, targetMetrics, workspaces } from "@/db/schema";
import { rebuildDailyRollups } from "./ingest";

/**
 * The analytics' derived stores rebuilt from their sources (docs/data.md), each writing only what
 * differs and taking its locks in the metrics ingest's order (ingest.ts: the owner's row, then the
 * posts', then the pages' metrics rows), so a reading being stored meanwhile waits or is waited
 * for, never half seen. Called by rebuildDerived (lib/derived).
 */

/**
 * The page `tm`'s current figures as its newest snapshot gives them (recordReadings writes both),
 * or the columns' defaults before any reading.
 */
const shown = sql`(
  select coalesce(s.views, case when s.captured_at is null then 0 end) as views, coalesce(s.likes, 0) as likes,
    coalesce(s.comments, 0) as comments, coalesce(s.shares, 0) as shares,
    coalesce(s.reach, case when s.captured_at is null then 0 end) as reach, s.captured_at
  from (select 1) one left join lateral (
    select ms.views, ms.likes, ms.comments, ms.shares, ms.reach, ms.captured_at from ${metricSnapshots} ms
    where ms.post_target_id = tm.post_target_id order by ms.captured_at desc, ms.id desc limit 1
  ) s on true)`;
const figuresDiffer = sql`(tm.views, tm.likes, tm.comments, tm.shares, tm.reach, tm.captured_at)
  is distinct from (f.views, f.likes, f.comments, f.shares, f.reach, f.captured_at)`;

/** The post `p`'s totals as its pages' current figures give them (refreshPostTotals, ingest.ts). */
const summed = sql`(
  select coalesce(sum(m.views), 0)::int as views, coalesce(sum(m.likes), 0)::int as likes,
    coalesce(sum(m.comments), 0)::int as comments, coalesce(sum(m.shares), 0)::int as shares
  from ${targetMetrics} m where m.post_id = p.id)`;
const totalsDiffer = sql`(p.views_total, p.likes_total, p.comments_total, p.shares_total)
  is distinct from (s.views, s.likes, s.comments, s.shares)`;

const POST_BATCH = 500;

/**
 * target_metrics' figures from each page's newest snapshot, then posts' `*_total` from their
 * pages' figures. The posts to repair are found first, without locks; then, 500 at a time, their
 * rows are locked (FOR NO KEY UPDATE, in id order, as the ingest does), then their pages' metrics
 * rows, and both are computed again and written where they still differ. A raw update, as the
 * ingest's: `updated_at` does not move.
 */
export async function rebuildFiguresAndTotals(database: Database = db): Promise<{ figures: number; totals: number }> {
  const { rows } = await database.execute<{ id: string }>(sql`
    select p.id from ${posts} p cross join lateral ${summed} s
    where ${totalsDiffer}
      or exists (
        select 1 from ${targetMetrics} tm cross join lateral ${shown} f where tm.post_id = p.id and ${figuresDiffer})
    order by p.id`);
  const fixed = { figures: 0, totals: 0 };
  for (let start = 0; start < rows.length; start += POST_BATCH) {
    const ids = sql.param(rows.slice(start, start + POST_BATCH).map((row) => row.id));
    await database.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${posts} where id = any(${ids}::uuid[]) order by id for no key update`);
      await tx.execute(sql`
        select 1 from ${targetMetrics} where post_id = any(${ids}::uuid[]) order by post_target_id for update`);
      const pages = await tx.execute(sql`
        with f as (
          select tm.post_target_id, f.* from ${targetMetrics} tm cross join lateral ${shown} f
          where tm.post_id = any(${ids}::uuid[]) and ${figuresDiffer}
        )
        update ${targetMetrics} tm set views = f.views, likes = f.likes, comments = f.comments, shares = f.shares,
          reach = f.reach, captured_at = f.captured_at
        from f where f.post_target_id = tm.post_target_id`);
      const own = await tx.execute(sql`
        with s as (
          select p.id, s.* from ${posts} p cross join lateral ${summed} s
          where p.id = any(${ids}::uuid[]) and ${totalsDiffer}
        )
        update ${posts} p set views_total = s.views, likes_total = s.likes, comments_total = s.comments,
          shares_total = s.shares
        from s where s.id = p.id`);
      fixed.figures += pages.rowCount ?? 0;
      fixed.totals += own.rowCount ?? 0;
    });
  }
  return fixed;
}

/**
 * metric_daily from the snapshots, workspace by workspace: each workspace's row locked FOR NO KEY UPDATE (the
 * ingest waits, as for a time zone change), then rebuildDailyRollups. Returns the rows changed.
 */
export async function rebuildAllDailyRollups(database: Database = db): Promise<number> {
  const { rows } = await database.execute<{ id: string }>(sql`
    select u.id from ${workspaces} u
    where exists (select 1 from ${targetMetrics} tm where tm.workspace_id = u.id)
      or exists (select 1 from ${metricDaily} md where md.workspace_id = u.id)
    order by u.id`);
  let changed = 0;
  for (const { id } of rows)
    changed += await database.transaction(async (tx) => {
      await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, id)).for("no key update");
      return rebuildDailyRollups(id, tx);
    });
  return changed;
}

/**
 * Every workspace's analytics version moved past any value it has held, so that no process answers
 * from a cache filled before the rebuild (analytics_versions has no source to compare with: only
 * change matters). A bump adds 1 in its transaction, once, so a version is never above the id of
 * the last transaction that bumped it; setting it to at least this transaction's id moves it past
 * every earlier value, even one a lost row took with it. Ids are the 64-bit, never-reused ones
 * (pg_current_xact_id); a database restored into another cluster may start lower, and the version
 * then still moves on by one. Retried on a deadlock with a commit's bump (same slot, other order).
 */
export async function moveAnalyticsVersions(database: Database = db): Promise<number> {
  // Also run again for a user deleted since the statement's snapshot (their row's foreign key).
  const result = await retryingOn([PG_ERROR.deadlockDetected, PG_ERROR.foreignKeyViolation], () =>
    database.execute(sql`
      with xact as (select pg_current_xact_id()::text::bigint as id),
      current as (
        select u.id as workspace_id, coalesce(sum(av.version), 0)::bigint as version
        from ${workspaces} u left join ${analyticsVersions} av on av.workspace_id = u.id group by u.id
      )
      insert into ${analyticsVersions} as av (workspace_id, slot, version, bumped_xact)
        select c.workspace_id, (x.id % 16)::smallint, greatest(c.version + 1, x.id) - c.version, x.id
        from current c cross join xact x order by c.workspace_id
      on conflict (workspace_id, slot) do update set version = av.version + excluded.version,
        bumped_xact = excluded.bumped_xact`),
  );
  return result.rowCount ?? 0;
}
