-- Every page published by an UPDATE of post_targets (the publish path: claimed, then published)
-- gets its target_metrics row in the same statement, with its first read on the page's 15-minute
-- grid (metrics_first_read_at.sql), or at once on a connection that sets
-- `postloom.metrics_first_read = 'at-once'` (METRICS_FIRST_READ: the test stack), and its workspace's
-- analytics version bumped once for the statement. Published pages without a platform id were
-- never on the platform and have nothing to read. Once per statement over the transition tables:
-- per row it was half of Postgres's time on the publish path when 10,000 posts fell due at once.
-- A trigger with transition tables cannot name columns, so this fires on every UPDATE and finds
-- the pages whose status or platform id changed by joining the old rows to the new.
CREATE OR REPLACE FUNCTION target_metrics_on_publish_rows() RETURNS trigger AS $$
DECLARE
  owners text[];
BEGIN
  -- The post's workspace and the page's phase by key, one row at a time (subqueries in the select
  -- list): joined, the planner hashed the whole posts table for every statement.
  WITH made AS (
    INSERT INTO target_metrics (post_target_id, workspace_id, post_id, platform, published_at, next_sync_at)
      SELECT n.id, (SELECT p.workspace_id FROM posts p WHERE p.id = n.post_id), n.post_id, n.platform,
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
    RETURNING workspace_id
  )
  SELECT array_agg(DISTINCT workspace_id) INTO owners FROM made;
  IF owners IS NOT NULL THEN
    PERFORM bump_analytics_versions(owners);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS post_targets_metrics_publish ON post_targets;
CREATE TRIGGER post_targets_metrics_publish AFTER UPDATE ON post_targets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION target_metrics_on_publish_rows();
