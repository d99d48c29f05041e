import { eq, inArray, sql } from "drizzle-orm";
import { db, type Transaction } from "@/db";
import { metricDaily, metricSnapshots, posts, targetMetrics, workspaces } from "@/db/schema";
import { add, delta, localDay, ZERO, type Figures, type Reading as Figured } from "../metrics-math";

/**
 * Writes what the sync read: a snapshot per page, the page's current figures, the post's sums and
 * the day's growth (in the owner's zone), in one transaction. Applying the same reading twice adds
 * nothing the second time (its delta is zero).
 */

/** A JS array as one Postgres array parameter (drizzle would spread it into a list). */
const array = (values: (string | number | null)[]) => sql.param(values);

/** views and reach are null where the platform does not give them: stored as null, never as 0. */
export interface Reading extends Figured {
  postTargetId: string;
  raw?: Record<string, unknown> | null;
}

export async function recordReadings(readings: Reading[], capturedAt: Date): Promise<void> {
  if (readings.length === 0) return;
  await db.transaction(async (tx) => {
    const ids = readings.map((reading) => reading.postTargetId);
    // The owners' rows first, shared: a time zone change (which re-dates the rollups under an
    // exclusive lock) cannot slip between reading the zone and adding to its days.
    await tx.execute(sql`
      select 1 from ${workspaces} where id in (
        select workspace_id from ${targetMetrics} where post_target_id = any(${array(ids)}::uuid[]))
      order by id for share`);
    // Then the pages' posts, in id order. The figures' update below clears the posts' stored
    // documents (a trigger, migration 0018) and the totals' update after it takes the posts' rows:
    // every other writer takes a post's row before its document, so this one does too, or the two
    // orders could deadlock (a publish claim holds its post's row while it clears the document).
    await tx.execute(sql`
      select 1 from ${posts} where id in (
        select post_id from ${targetMetrics} where post_target_id = any(${array(ids)}::uuid[]))
      order by id for no key update`);
    const current = await tx
      .select({ row: targetMetrics, timeZone: workspaces.timeZone })
      .from(targetMetrics)
      .innerJoin(workspaces, eq(workspaces.id, targetMetrics.workspaceId))
      .where(inArray(targetMetrics.postTargetId, ids))
      .orderBy(targetMetrics.postTargetId)
      .for("update", { of: targetMetrics });
    const byId = new Map(current.map((entry) => [entry.row.postTargetId, entry]));
    const days = new Map<string, { workspaceId: string; platform: string; day: string; figures: Figures }>();
    const applied: Reading[] = [];
    for (const reading of readings) {
      const entry = byId.get(reading.postTargetId);
      if (!entry) continue;
      applied.push(reading);
      const growth = delta(entry.row, reading);
      const day = localDay(capturedAt, entry.timeZone);
      const key = `${entry.row.workspaceId}|${entry.row.platform}|${day}`;
      const sum = days.get(key) ?? {
        workspaceId: entry.row.workspaceId,
        platform: entry.row.platform,
        day,
        figures: ZERO,
      };
      days.set(key, { ...sum, figures: add(sum.figures, growth) });
    }
    if (applied.length === 0) return;
    await tx.insert(metricSnapshots).values(
      applied.map((reading) => ({
        postTargetId: reading.postTargetId,
        capturedAt,
        views: reading.views,
        likes: reading.likes,
        comments: reading.comments,
        shares: reading.shares,
        reach: reading.reach,
        raw: reading.raw ?? null,
      })),
    );
    await tx.execute(sql`
      update ${targetMetrics} tm set views = r.views, likes = r.likes, comments = r.comments, shares = r.shares,
        reach = r.reach, captured_at = ${capturedAt}, last_error = null, updated_at = now()
      from unnest(
        ${array(applied.map((r) => r.postTargetId))}::uuid[], ${array(applied.map((r) => r.views))}::int[],
        ${array(applied.map((r) => r.likes))}::int[], ${array(applied.map((r) => r.comments))}::int[],
        ${array(applied.map((r) => r.shares))}::int[], ${array(applied.map((r) => r.reach))}::int[]
      ) as r(id, views, likes, comments, shares, reach)
      where tm.post_target_id = r.id`);
    await addDays(tx, [...days.values()]);
    await refreshPostTotals(
      tx,
      applied.map((reading) => byId.get(reading.postTargetId)!.row.postId),
    );
  });
}

async function addDays(
  tx: Transaction,
  days: { workspaceId: string; platform: string; day: string; figures: Figures }[],
): Promise<void> {
  if (days.length === 0) return;
  await tx.execute(sql`
    insert into ${metricDaily} (workspace_id, platform, day, views, likes, comments, shares, reach)
    select * from unnest(
      ${array(days.map((d) => d.workspaceId))}::text[], ${array(days.map((d) => d.platform))}::social_platform[],
      ${array(days.map((d) => d.day))}::date[], ${array(days.map((d) => d.figures.views))}::int[],
      ${array(days.map((d) => d.figures.likes))}::int[], ${array(days.map((d) => d.figures.comments))}::int[],
      ${array(days.map((d) => d.figures.shares))}::int[], ${array(days.map((d) => d.figures.reach))}::int[])
    on conflict (workspace_id, day, platform) do update set
      views = ${metricDaily}.views + excluded.views, likes = ${metricDaily}.likes + excluded.likes,
      comments = ${metricDaily}.comments + excluded.comments, shares = ${metricDaily}.shares + excluded.shares,
      reach = ${metricDaily}.reach + excluded.reach`);
}

/**
 * The posts' sums of their pages' current figures (what the list sorts by). Views not available on
 * a page add nothing to the sort key; what the API shows sums target_metrics itself, where a post
 * with no page's views known has null views (lib/posts/server/queries.ts).
 */
async function refreshPostTotals(tx: Transaction, postIds: string[]): Promise<void> {
  const unique = [...new Set(postIds)].sort();
  if (unique.length === 0) return;
  // A raw update: metric changes are not edits, so posts.updated_at stays as it was.
  await tx.execute(sql`
    update ${posts} p set views_total = s.views, likes_total = s.likes, comments_total = s.comments,
      shares_total = s.shares
    from (select post_id, coalesce(sum(views), 0)::int as views, sum(likes)::int as likes, sum(comments)::int as comments,
        sum(shares)::int as shares
      from ${targetMetrics} where post_id = any(${array(unique)}::uuid[]) group by post_id) s
    where p.id = s.post_id`);
}

/**
 * Recomputes a workspace's daily rollups from its snapshots in its current zone: after the zone
 * changes, the same readings fall on other local days. One statement, so charts never see half,
 * writing only the days that differ (none when the rollups are right): the number of rows changed.
 * The caller keeps the workspace's ingest out meanwhile (its row, FOR NO KEY UPDATE).
 */
export async function rebuildDailyRollups(
  workspaceId: string,
  executor: Pick<Transaction, "execute"> = db,
): Promise<number> {
  const result = await executor.execute<{ changed: number }>(sql`
    with truth as (
      select workspace_id, platform, day, sum(dv)::int as views, sum(dl)::int as likes, sum(dc)::int as comments,
        sum(ds)::int as shares, sum(dr)::int as reach
      from (
        select tm.workspace_id, tm.platform, (ms.captured_at at time zone u.time_zone)::date as day,
          coalesce(ms.views - coalesce(lag(ms.views) over w, 0), 0) as dv, ms.likes - coalesce(lag(ms.likes) over w, 0) as dl,
          ms.comments - coalesce(lag(ms.comments) over w, 0) as dc,
          ms.shares - coalesce(lag(ms.shares) over w, 0) as ds,
          coalesce(ms.reach - coalesce(lag(ms.reach) over w, 0), 0) as dr
        from ${metricSnapshots} ms join ${targetMetrics} tm on tm.post_target_id = ms.post_target_id
        join ${workspaces} u on u.id = tm.workspace_id
        where tm.workspace_id = ${workspaceId}
        window w as (partition by ms.post_target_id order by ms.captured_at, ms.id)
      ) d group by workspace_id, platform, day
    ),
    gone as (
      delete from ${metricDaily} m where m.workspace_id = ${workspaceId}
        and not exists (select 1 from truth t where t.platform = m.platform and t.day = m.day)
      returning 1
    ),
    put as (
      insert into ${metricDaily} (workspace_id, platform, day, views, likes, comments, shares, reach)
      select t.* from truth t where not exists (
        select 1 from ${metricDaily} m where m.workspace_id = t.workspace_id and m.platform = t.platform and m.day = t.day
          and (m.views, m.likes, m.comments, m.shares, m.reach) = (t.views, t.likes, t.comments, t.shares, t.reach))
      on conflict (workspace_id, day, platform) do update set views = excluded.views, likes = excluded.likes,
        comments = excluded.comments, shares = excluded.shares, reach = excluded.reach
      returning 1
    )
    select ((select count(*) from gone) + (select count(*) from put))::int as changed`);
  return Number(result.rows[0]?.changed ?? 0);
}

/**
 * Sets the workspace's zone and re-dates its rollups in it. The workspace's row is locked FOR NO
 * KEY UPDATE: enough to keep two changes (and their rebuilds) apart, and no wait for publishing,
 * whose metrics rows check their workspace by foreign key (FOR KEY SHARE, which FOR UPDATE would
 * block for the whole rebuild).
 */
export async function updateTimeZone(workspaceId: string, timeZone: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [workspace] = await tx
      .select({ timeZone: workspaces.timeZone })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .for("no key update");
    if (!workspace || workspace.timeZone === timeZone) return;
    await tx.update(workspaces).set({ timeZone }).where(eq(workspaces.id, workspaceId));
    await rebuildDailyRollups(workspaceId, tx);
  });
}
