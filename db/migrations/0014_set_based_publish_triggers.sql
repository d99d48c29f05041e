-- Issue #18: the two triggers a published page fires ran once per row, a plpgsql call and its
-- statements for each page: at the instant 10,000 posts fall due they were half of Postgres's time
-- on the publish path. Measured one statement after another on one connection, 100 pages a
-- statement (README › Benchmarks › publish-lag, Session 22): recording pages published cost
-- 170 µs a page with the metrics trigger and 40 µs without it; marking posts published 95 µs with
-- the counters' trigger and 48 µs without.
--
-- 1. target_metrics' user_id and post_id are no longer foreign keys. Each was checked for every
--    metrics row made, a lookup that locks the user's or the post's row FOR KEY SHARE (three
--    workers publishing for one user share those locks), and neither protects anything: both are
--    copied from the page's post, and the row is deleted with its page (post_target_id, kept),
--    which is deleted with its post, which is deleted with its owner. Without them recording 100
--    pages published went from 150 to 85 µs a page.
-- 2. Both triggers run once per statement over the statement's transition tables, each doing its
--    inserts in one set-based statement: a published page's metrics row as before (migration
--    0013's first read on the page's grid), and a user's counter moved once by the statement's net
--    change in place of once per row (marking posts published: 95 → 56 µs a post).
--
-- A trigger with transition tables cannot name columns (UPDATE OF) or carry a WHEN clause, so
-- these fire for every UPDATE of the table and find the rows that changed by joining the old rows
-- to the new ones. A page published by an INSERT (rare: a target created published) keeps its row
-- trigger of migration 0007.
ALTER TABLE "target_metrics" DROP CONSTRAINT "target_metrics_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "target_metrics" DROP CONSTRAINT "target_metrics_post_id_posts_id_fk";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION target_metrics_on_publish_rows() RETURNS trigger AS $$
BEGIN
  -- The post's owner and the page's phase by key, one row at a time (subqueries in the select
  -- list): joined, the planner hashed the whole posts table for every statement.
  INSERT INTO target_metrics (post_target_id, user_id, post_id, platform, published_at, next_sync_at)
    SELECT n.id, (SELECT p.user_id FROM posts p WHERE p.id = n.post_id), n.post_id, n.platform,
      coalesce(n.published_at, now()),
      coalesce(
        CASE WHEN current_setting('postloom.metrics_first_read', true) IS DISTINCT FROM 'at-once' THEN
          (SELECT metrics_first_read_at(metrics_phase(sp.social_account_id, sp.page_id), now())
           FROM social_pages sp WHERE sp.id = n.page_id)
        END,
        now())
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status = 'published' AND n.platform_post_id IS NOT NULL
      AND (o.status IS DISTINCT FROM n.status OR o.platform_post_id IS DISTINCT FROM n.platform_post_id)
    ORDER BY n.id
  ON CONFLICT (post_target_id) DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER post_targets_metrics_publish ON post_targets;
--> statement-breakpoint
CREATE TRIGGER post_targets_metrics_publish AFTER UPDATE ON post_targets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION target_metrics_on_publish_rows();
--> statement-breakpoint
-- Migration 0012's counters, moved by each statement's net change per user and status, in that
-- order (two statements' upserts take the counter rows in the same order). A decrement still
-- never counts for a user being deleted.
CREATE OR REPLACE FUNCTION post_counts_apply_rows() RETURNS trigger AS $$
DECLARE
  s smallint := (pg_current_xact_id()::text::bigint % 16)::smallint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO post_counts (user_id, status, slot, count)
      SELECT n.user_id, n.status, s, count(*) FROM new_rows n
      GROUP BY n.user_id, n.status ORDER BY n.user_id, n.status
    ON CONFLICT (user_id, status, slot) DO UPDATE SET count = post_counts.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO post_counts (user_id, status, slot, count)
      SELECT o.user_id, o.status, s, -count(*) FROM old_rows o
      WHERE EXISTS (SELECT 1 FROM users WHERE id = o.user_id)
      GROUP BY o.user_id, o.status ORDER BY o.user_id, o.status
    ON CONFLICT (user_id, status, slot) DO UPDATE SET count = post_counts.count + excluded.count;
  ELSE
    INSERT INTO post_counts (user_id, status, slot, count)
      SELECT d.user_id, d.status, s, sum(d.delta) FROM (
        SELECT o.user_id, o.status, -1 AS delta
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.status IS DISTINCT FROM n.status OR o.user_id IS DISTINCT FROM n.user_id)
            AND EXISTS (SELECT 1 FROM users WHERE id = o.user_id)
        UNION ALL
        SELECT n.user_id, n.status, 1
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE o.status IS DISTINCT FROM n.status OR o.user_id IS DISTINCT FROM n.user_id
      ) d
      GROUP BY d.user_id, d.status HAVING sum(d.delta) <> 0 ORDER BY d.user_id, d.status
    ON CONFLICT (user_id, status, slot) DO UPDATE SET count = post_counts.count + excluded.count;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER posts_count_insert_delete ON posts;
--> statement-breakpoint
DROP TRIGGER posts_count_status ON posts;
--> statement-breakpoint
DROP FUNCTION post_counts_apply();
--> statement-breakpoint
CREATE TRIGGER posts_count_insert AFTER INSERT ON posts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_counts_apply_rows();
--> statement-breakpoint
CREATE TRIGGER posts_count_delete AFTER DELETE ON posts
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_counts_apply_rows();
--> statement-breakpoint
CREATE TRIGGER posts_count_update AFTER UPDATE ON posts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_counts_apply_rows();
