-- A page inserted already published (rare: a target created published) gets its target_metrics
-- row as target_metrics_on_publish_rows.sql makes it for an update, one row at a time.
CREATE OR REPLACE FUNCTION target_metrics_on_publish() RETURNS trigger AS $$
DECLARE
  owner text;
BEGIN
  IF NEW.status = 'published' AND NEW.platform_post_id IS NOT NULL THEN
    INSERT INTO target_metrics (post_target_id, workspace_id, post_id, platform, published_at, next_sync_at)
      SELECT NEW.id, p.workspace_id, NEW.post_id, NEW.platform, coalesce(NEW.published_at, now()),
        CASE WHEN sp.id IS NULL OR current_setting('postloom.metrics_first_read', true) = 'at-once' THEN now()
          ELSE metrics_first_read_at(ph.phase, now()) END
      FROM posts p LEFT JOIN social_pages sp ON sp.id = NEW.page_id
        -- The phase as a column, so that both functions are inlined into this statement.
        LEFT JOIN LATERAL (SELECT metrics_phase(sp.social_account_id, sp.page_id) AS phase) ph ON true
      WHERE p.id = NEW.post_id
    ON CONFLICT (post_target_id) DO NOTHING
    RETURNING workspace_id INTO owner;
    IF owner IS NOT NULL THEN
      PERFORM bump_analytics_versions(ARRAY[owner]);
    END IF;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS post_targets_metrics_insert ON post_targets;
CREATE TRIGGER post_targets_metrics_insert AFTER INSERT ON post_targets
  FOR EACH ROW WHEN (NEW.status = 'published') EXECUTE FUNCTION target_metrics_on_publish();
