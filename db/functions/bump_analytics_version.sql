-- The per-workspace analytics version (analytics_versions; the answer cache in
-- lib/analytics/server/cache.ts keys on it), bumped by every committed write an analytics answer
-- reads. Each trigger is a deferred constraint trigger: it runs at commit, after every other lock
-- the transaction takes, so it adds no lock-order hazard to the sync, publishing or a time zone
-- change. The first row a transaction writes for a workspace bumps the version once, in the
-- transaction's slot of 16 (chosen by its id, so concurrent writers in one workspace do not queue on
-- one row); later rows find `bumped_xact` their own and do nothing. The version is the slots' sum.
-- A published page's new metrics row bumps its workspace in the publishing statement instead
-- (bump_analytics_versions), so target_metrics fires this only on updates and deletes.
CREATE OR REPLACE FUNCTION bump_analytics_version() RETURNS trigger AS $$
DECLARE
  wid text;
  xact bigint := pg_current_xact_id()::text::bigint;
  s smallint := (xact % 16)::smallint;
BEGIN
  IF TG_TABLE_NAME = 'workspaces' THEN
    wid := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    wid := OLD.workspace_id;
  ELSE
    wid := NEW.workspace_id;
  END IF;
  -- Already bumped by this transaction (the common case: a reading writes many rows): a key lookup.
  IF EXISTS (SELECT 1 FROM analytics_versions WHERE workspace_id = wid AND slot = s AND bumped_xact = xact) THEN
    RETURN NULL;
  END IF;
  -- A workspace deleted in this transaction has no version to keep (the rows went with it).
  INSERT INTO analytics_versions AS av (workspace_id, slot, version, bumped_xact)
    SELECT wid, s, 1, xact WHERE EXISTS (SELECT 1 FROM workspaces WHERE id = wid)
  ON CONFLICT (workspace_id, slot) DO UPDATE SET version = av.version + 1, bumped_xact = xact
    WHERE av.bumped_xact IS DISTINCT FROM xact;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS metric_daily_analytics_version ON metric_daily;
CREATE CONSTRAINT TRIGGER metric_daily_analytics_version AFTER INSERT OR UPDATE OR DELETE ON metric_daily
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_analytics_version();

-- Not on schedule-only updates (next_sync_at, last_error): the sync writes those all the time.
DROP TRIGGER IF EXISTS target_metrics_analytics_version_update ON target_metrics;
CREATE CONSTRAINT TRIGGER target_metrics_analytics_version_update AFTER UPDATE ON target_metrics
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.views, OLD.likes, OLD.comments, OLD.shares, OLD.reach, OLD.removed_at, OLD.published_at,
         OLD.platform, OLD.post_id, OLD.workspace_id)
    IS DISTINCT FROM (NEW.views, NEW.likes, NEW.comments, NEW.shares, NEW.reach, NEW.removed_at,
         NEW.published_at, NEW.platform, NEW.post_id, NEW.workspace_id))
  EXECUTE FUNCTION bump_analytics_version();

DROP TRIGGER IF EXISTS target_metrics_analytics_version_delete ON target_metrics;
CREATE CONSTRAINT TRIGGER target_metrics_analytics_version_delete AFTER DELETE ON target_metrics
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_analytics_version();

DROP TRIGGER IF EXISTS posts_analytics_version_delete ON posts;
CREATE CONSTRAINT TRIGGER posts_analytics_version_delete AFTER DELETE ON posts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_analytics_version();

-- Top posts show the content and rank by the totals; status and schedule edits change no answer.
DROP TRIGGER IF EXISTS posts_analytics_version_update ON posts;
CREATE CONSTRAINT TRIGGER posts_analytics_version_update AFTER UPDATE ON posts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.content, OLD.views_total, OLD.likes_total, OLD.comments_total, OLD.shares_total, OLD.workspace_id)
    IS DISTINCT FROM (NEW.content, NEW.views_total, NEW.likes_total, NEW.comments_total, NEW.shares_total,
         NEW.workspace_id))
  EXECUTE FUNCTION bump_analytics_version();

DROP TRIGGER IF EXISTS workspaces_analytics_version_time_zone ON workspaces;
CREATE CONSTRAINT TRIGGER workspaces_analytics_version_time_zone AFTER UPDATE OF time_zone ON workspaces
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
  EXECUTE FUNCTION bump_analytics_version();
