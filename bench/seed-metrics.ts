import type pg from "pg";

/**
 * After seeding metric snapshots directly: each target's current figures from its newest reading
 * (nothing left to sync) and each post's totals from its targets, as the sync leaves them.
 */
export async function settleSeededMetrics(db: pg.Client, userId: string): Promise<void> {
  await db.query(
    `update target_metrics tm set views = s.views, likes = s.likes, comments = s.comments, shares = s.shares,
       reach = s.reach, captured_at = s.captured_at, next_sync_at = null
     from (select distinct on (post_target_id) * from metric_snapshots order by post_target_id, captured_at desc, id desc) s
     where s.post_target_id = tm.post_target_id and tm.user_id = $1`,
    [userId],
  );
  await db.query(
    `update posts p set views_total = s.v, likes_total = s.l, comments_total = s.c, shares_total = s.s
     from (select post_id, sum(views)::int v, sum(likes)::int l, sum(comments)::int c, sum(shares)::int s
           from target_metrics where user_id = $1 group by post_id) s where s.post_id = p.id`,
    [userId],
  );
}
