DROP TRIGGER IF EXISTS users_analytics_version_time_zone ON users;
--> statement-breakpoint
-- db/functions/bump_analytics_version.sql
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
--> statement-breakpoint
-- db/functions/bump_analytics_versions.sql
-- Bumps the given workspaces' analytics versions once for the writing transaction (see
-- bump_analytics_version.sql), from a statement trigger: the triggers that make published pages'
-- metrics rows call it once per statement, not once per page at commit. Taken at the end of the
-- publishing statement: the publish path's statements are transactions of their own, so that is
-- the commit. Workspaces in id order, in the transaction's slot; a later bump of the same
-- transaction finds `bumped_xact` its own and does nothing. A workspace deleted in the transaction
-- gets no row.
CREATE OR REPLACE FUNCTION bump_analytics_versions(uids text[]) RETURNS void AS $$
DECLARE
  xact bigint := pg_current_xact_id()::text::bigint;
BEGIN
  -- A workspace deleted in this transaction has no version to keep (the rows went with it).
  INSERT INTO analytics_versions AS av (workspace_id, slot, version, bumped_xact)
    SELECT w.id, (xact % 16)::smallint, 1, xact FROM workspaces w WHERE w.id = ANY(uids) ORDER BY w.id
  ON CONFLICT (workspace_id, slot) DO UPDATE SET version = av.version + 1, bumped_xact = excluded.bumped_xact
    WHERE av.bumped_xact IS DISTINCT FROM excluded.bumped_xact;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- db/functions/post_counts_apply_rows.sql
-- post_counts: a workspace's posts per status, so that the post list never counts them. Statement
-- triggers on posts move each workspace's count per status by the statement's net change, in
-- (workspace, status) order (two statements' upserts take the counter rows in the same order), in
-- the writing transaction's slot of 16 (concurrent publishes in one workspace do not queue on one
-- row). A slot's count may go below zero; the sum is exact. A decrement never inserts for a
-- workspace being deleted (the cascade removes its rows and the posts in one statement, in any order).
-- A trigger with transition tables cannot name columns (UPDATE OF) or carry a WHEN clause: the
-- update trigger fires for every UPDATE of posts and joins the old rows to the new to find changes.
-- Rebuilt from posts by rebuildPostCounts (lib/posts/server/rebuild.ts).
CREATE OR REPLACE FUNCTION post_counts_apply_rows() RETURNS trigger AS $$
DECLARE
  s smallint := (pg_current_xact_id()::text::bigint % 16)::smallint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO post_counts (workspace_id, status, slot, count)
      SELECT n.workspace_id, n.status, s, count(*) FROM new_rows n
      GROUP BY n.workspace_id, n.status ORDER BY n.workspace_id, n.status
    ON CONFLICT (workspace_id, status, slot) DO UPDATE SET count = post_counts.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO post_counts (workspace_id, status, slot, count)
      SELECT o.workspace_id, o.status, s, -count(*) FROM old_rows o
      WHERE EXISTS (SELECT 1 FROM workspaces WHERE id = o.workspace_id)
      GROUP BY o.workspace_id, o.status ORDER BY o.workspace_id, o.status
    ON CONFLICT (workspace_id, status, slot) DO UPDATE SET count = post_counts.count + excluded.count;
  ELSE
    INSERT INTO post_counts (workspace_id, status, slot, count)
      SELECT d.workspace_id, d.status, s, sum(d.delta) FROM (
        SELECT o.workspace_id, o.status, -1 AS delta
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.status IS DISTINCT FROM n.status OR o.workspace_id IS DISTINCT FROM n.workspace_id)
            AND EXISTS (SELECT 1 FROM workspaces WHERE id = o.workspace_id)
        UNION ALL
        SELECT n.workspace_id, n.status, 1
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE o.status IS DISTINCT FROM n.status OR o.workspace_id IS DISTINCT FROM n.workspace_id
      ) d
      GROUP BY d.workspace_id, d.status HAVING sum(d.delta) <> 0 ORDER BY d.workspace_id, d.status
    ON CONFLICT (workspace_id, status, slot) DO UPDATE SET count = post_counts.count + excluded.count;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS posts_count_insert ON posts;
CREATE TRIGGER posts_count_insert AFTER INSERT ON posts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_counts_apply_rows();

DROP TRIGGER IF EXISTS posts_count_delete ON posts;
CREATE TRIGGER posts_count_delete AFTER DELETE ON posts
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_counts_apply_rows();

DROP TRIGGER IF EXISTS posts_count_update ON posts;
CREATE TRIGGER posts_count_update AFTER UPDATE ON posts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_counts_apply_rows();
--> statement-breakpoint
-- db/functions/target_metrics_on_publish.sql
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
--> statement-breakpoint
-- db/functions/target_metrics_on_publish_rows.sql
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
