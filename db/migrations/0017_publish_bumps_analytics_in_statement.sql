-- Issue #18: every metrics row a published page gets (the triggers of migrations 0013 and 0014)
-- fired the deferred row trigger of migration 0010 at commit: a plpgsql call, a lookup and often an
-- upsert of analytics_versions for each page, though one statement publishes up to 100 pages of
-- a few users. The triggers that make those rows now bump each owner's version once per statement
-- themselves, and the deferred trigger on target_metrics runs for deletes only (no other code
-- inserts target_metrics rows).
--
-- Taken at the end of the publishing statement instead of at commit: the publish path's statements
-- are transactions of their own, so that is the commit; a transaction that publishes a page and
-- goes on ('It went out', schedule-service.ts) takes the version after the page's row, then the
-- post's counters, as the publish statements do (their pages' trigger fires before their posts').
-- Users in id order, in the writing transaction's slot (migration 0012), once per transaction as
-- before: a later bump of the same transaction finds `bumped_xact` its own and does nothing.
CREATE OR REPLACE FUNCTION bump_analytics_versions(uids text[]) RETURNS void AS $$
DECLARE
  xact bigint := pg_current_xact_id()::text::bigint;
BEGIN
  -- A user deleted in this transaction has no version to keep (the rows went with the user).
  INSERT INTO analytics_versions AS av (user_id, slot, version, bumped_xact)
    SELECT u.id, (xact % 16)::smallint, 1, xact FROM users u WHERE u.id = ANY(uids) ORDER BY u.id
  ON CONFLICT (user_id, slot) DO UPDATE SET version = av.version + 1, bumped_xact = excluded.bumped_xact
    WHERE av.bumped_xact IS DISTINCT FROM excluded.bumped_xact;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION target_metrics_on_publish_rows() RETURNS trigger AS $$
DECLARE
  owners text[];
BEGIN
  -- The post's owner and the page's phase by key, one row at a time (subqueries in the select
  -- list): joined, the planner hashed the whole posts table for every statement.
  WITH made AS (
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
    ON CONFLICT (post_target_id) DO NOTHING
    RETURNING user_id
  )
  SELECT array_agg(DISTINCT user_id) INTO owners FROM made;
  IF owners IS NOT NULL THEN
    PERFORM bump_analytics_versions(owners);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A page inserted published (rare): migration 0013's row trigger, bumping its owner's version too.
CREATE OR REPLACE FUNCTION target_metrics_on_publish() RETURNS trigger AS $$
DECLARE
  owner text;
BEGIN
  IF NEW.status = 'published' AND NEW.platform_post_id IS NOT NULL THEN
    INSERT INTO target_metrics (post_target_id, user_id, post_id, platform, published_at, next_sync_at)
      SELECT NEW.id, p.user_id, NEW.post_id, NEW.platform, coalesce(NEW.published_at, now()),
        CASE WHEN sp.id IS NULL OR current_setting('postloom.metrics_first_read', true) = 'at-once' THEN now()
          ELSE metrics_first_read_at(ph.phase, now()) END
      FROM posts p LEFT JOIN social_pages sp ON sp.id = NEW.page_id
        -- The phase as a column, so that both functions are inlined into this statement.
        LEFT JOIN LATERAL (SELECT metrics_phase(sp.social_account_id, sp.page_id) AS phase) ph ON true
      WHERE p.id = NEW.post_id
    ON CONFLICT (post_target_id) DO NOTHING
    RETURNING user_id INTO owner;
    IF owner IS NOT NULL THEN
      PERFORM bump_analytics_versions(ARRAY[owner]);
    END IF;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER target_metrics_analytics_version_write ON target_metrics;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER target_metrics_analytics_version_delete AFTER DELETE ON target_metrics
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_analytics_version();
