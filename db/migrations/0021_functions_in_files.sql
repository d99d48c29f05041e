-- db/functions/bump_analytics_version.sql
-- The per-user analytics version (analytics_versions; the answer cache in
-- lib/analytics/server/cache.ts keys on it), bumped by every committed write an analytics answer
-- reads. Each trigger is a deferred constraint trigger: it runs at commit, after every other lock
-- the transaction takes, so it adds no lock-order hazard to the sync, publishing or a time zone
-- change. The first row a transaction writes for a user bumps the version once, in the
-- transaction's slot of 16 (chosen by its id, so concurrent writers for one user do not queue on
-- one row); later rows find `bumped_xact` their own and do nothing. The version is the slots' sum.
-- A published page's new metrics row bumps its owner in the publishing statement instead
-- (bump_analytics_versions), so target_metrics fires this only on updates and deletes.
CREATE OR REPLACE FUNCTION bump_analytics_version() RETURNS trigger AS $$
DECLARE
  uid text;
  xact bigint := pg_current_xact_id()::text::bigint;
  s smallint := (xact % 16)::smallint;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    uid := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    uid := OLD.user_id;
  ELSE
    uid := NEW.user_id;
  END IF;
  -- Already bumped by this transaction (the common case: a reading writes many rows): a key lookup.
  IF EXISTS (SELECT 1 FROM analytics_versions WHERE user_id = uid AND slot = s AND bumped_xact = xact) THEN
    RETURN NULL;
  END IF;
  -- A user deleted in this transaction has no version to keep (the rows went with the user).
  INSERT INTO analytics_versions AS av (user_id, slot, version, bumped_xact)
    SELECT uid, s, 1, xact WHERE EXISTS (SELECT 1 FROM users WHERE id = uid)
  ON CONFLICT (user_id, slot) DO UPDATE SET version = av.version + 1, bumped_xact = xact
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
         OLD.platform, OLD.post_id, OLD.user_id)
    IS DISTINCT FROM (NEW.views, NEW.likes, NEW.comments, NEW.shares, NEW.reach, NEW.removed_at,
         NEW.published_at, NEW.platform, NEW.post_id, NEW.user_id))
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
  WHEN ((OLD.content, OLD.views_total, OLD.likes_total, OLD.comments_total, OLD.shares_total, OLD.user_id)
    IS DISTINCT FROM (NEW.content, NEW.views_total, NEW.likes_total, NEW.comments_total, NEW.shares_total,
         NEW.user_id))
  EXECUTE FUNCTION bump_analytics_version();

DROP TRIGGER IF EXISTS users_analytics_version_time_zone ON users;
CREATE CONSTRAINT TRIGGER users_analytics_version_time_zone AFTER UPDATE OF time_zone ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
  EXECUTE FUNCTION bump_analytics_version();
--> statement-breakpoint
-- db/functions/bump_analytics_versions.sql
-- Bumps the given users' analytics versions once for the writing transaction (see
-- bump_analytics_version.sql), from a statement trigger: the triggers that make published pages'
-- metrics rows call it once per statement, not once per page at commit. Taken at the end of the
-- publishing statement: the publish path's statements are transactions of their own, so that is
-- the commit. Users in id order, in the transaction's slot; a later bump of the same transaction
-- finds `bumped_xact` its own and does nothing. A user deleted in the transaction gets no row.
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
-- db/functions/metrics_first_read_at.sql
-- nextSyncAt() of lib/analytics/metrics-math.ts in its first stage (15 minutes), with the same
-- double-precision arithmetic: the first point of the phase's grid after `after`, to the
-- millisecond. Pages published at one instant are first read spread over the next 15 minutes by
-- their phase (metrics_phase.sql). Inlined like metrics_phase.
CREATE OR REPLACE FUNCTION metrics_first_read_at(phase double precision, after timestamp with time zone) RETURNS timestamp with time zone AS $$
  SELECT 'epoch'::timestamptz
    + (floor((floor(extract(epoch FROM after) * 1000)::float8 - floor(phase * 900000)) / 900000 + 1) * 900000
       + floor(phase * 900000)) * interval '1 millisecond'
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
--> statement-breakpoint
-- db/functions/metrics_phase.sql
-- syncPhase() of lib/analytics/server/sync-phase.ts: the first 32 bits of SHA-256 of
-- `account id:page id` (UTF-8) as a number in [0, 1), the page's place on the metrics sync's
-- 15-minute grid. A SQL function of one expression, not STRICT, so the statements that call it
-- inline it (FNV-1a in a plpgsql loop cost 42 µs a page; called without inlining, 15 µs; inlined, 3 µs).
CREATE OR REPLACE FUNCTION metrics_phase(account_id uuid, page_id text) RETURNS double precision AS $$
  SELECT ('x' || left(encode(sha256(convert_to(account_id::text || ':' || page_id, 'UTF8')), 'hex'), 8))::bit(32)::bigint::float8
    / 4294967296
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
--> statement-breakpoint
-- db/functions/post_counts_apply_rows.sql
-- post_counts: a user's posts per status, so that the post list never counts them. Statement
-- triggers on posts move each user's count per status by the statement's net change, in (user,
-- status) order (two statements' upserts take the counter rows in the same order), in the writing
-- transaction's slot of 16 (concurrent publishes for one user do not queue on one row). A slot's
-- count may go below zero; the sum is exact. A decrement never inserts for a user being deleted
-- (the cascade removes the user's rows and the posts in one statement, in any order).
-- A trigger with transition tables cannot name columns (UPDATE OF) or carry a WHEN clause: the
-- update trigger fires for every UPDATE of posts and joins the old rows to the new to find changes.
-- Rebuilt from posts by rebuildPostCounts (lib/posts/server/rebuild.ts).
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
-- db/functions/post_documents_on_media_rows.sql
-- Written by `npm run db:functions` from lib/posts/server/document-triggers.ts and the columns a
-- post's JSON reads (documentColumns, lib/posts/server/post-json.ts): edit those, not this file.
--
-- A media item's columns that the documents of the posts showing it show: an update that changes
-- one clears those posts' documents.
CREATE OR REPLACE FUNCTION post_documents_on_media_rows() RETURNS trigger AS $$
BEGIN
  PERFORM post_documents_stale(ARRAY(
    SELECT pm.post_id FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN post_media pm ON pm.media_id = n.id
    WHERE (o.id, o.filename, o.original_filename, o.thumbnail_key, o.type, o.mime_type, o.size, o.width,
        o.height, o.created_at)
      IS DISTINCT FROM (n.id, n.filename, n.original_filename, n.thumbnail_key, n.type, n.mime_type, n.size,
        n.width, n.height, n.created_at)));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS post_documents_media_update ON media;
CREATE TRIGGER post_documents_media_update AFTER UPDATE ON media
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_media_rows();
--> statement-breakpoint
-- db/functions/post_documents_on_part_rows.sql
-- Written by `npm run db:functions` from lib/posts/server/document-triggers.ts and the columns a
-- post's JSON reads (documentColumns, lib/posts/server/post-json.ts): edit those, not this file.
--
-- post_targets, target_metrics and post_media: each row names its post. An insert or a delete
-- clears the post's document; an update only where a column the document shows changed (a publish
-- claim's renewal or the record of what is being sent changes none), for the old post and the new.
-- Every post_media column is shown. A deleted row of a post being deleted (a cascade) leaves
-- nothing behind: the post's document goes with the post.
CREATE OR REPLACE FUNCTION post_documents_on_part_rows() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM post_documents_stale(ARRAY(SELECT n.post_id FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM post_documents_stale(ARRAY(
      SELECT o.post_id FROM old_rows o WHERE EXISTS (SELECT 1 FROM posts p WHERE p.id = o.post_id)));
  ELSIF TG_TABLE_NAME = 'post_targets' THEN
    PERFORM post_documents_stale(ARRAY(
      SELECT v.post_id FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.post_id), (n.post_id)) AS v(post_id)
      WHERE (o.id, o.post_id, o.type, o.page_id, o.platform, o.page_name, o.status, o.published_at,
          o.platform_post_url, o.error_message, o.created_at)
        IS DISTINCT FROM (n.id, n.post_id, n.type, n.page_id, n.platform, n.page_name, n.status,
          n.published_at, n.platform_post_url, n.error_message, n.created_at)));
  ELSIF TG_TABLE_NAME = 'target_metrics' THEN
    PERFORM post_documents_stale(ARRAY(
      SELECT v.post_id FROM old_rows o JOIN new_rows n ON n.post_target_id = o.post_target_id
        CROSS JOIN LATERAL (VALUES (o.post_id), (n.post_id)) AS v(post_id)
      WHERE (o.post_target_id, o.post_id, o.platform, o.views, o.likes, o.comments, o.shares, o.removed_at)
        IS DISTINCT FROM (n.post_target_id, n.post_id, n.platform, n.views, n.likes, n.comments, n.shares,
          n.removed_at)));
  ELSE
    PERFORM post_documents_stale(ARRAY(
      SELECT o.post_id FROM old_rows o UNION ALL SELECT n.post_id FROM new_rows n));
  END IF;
  -- A post_media row names a media item whose columns its post's document shows. Shared until
  -- commit, the item cannot be updated meanwhile: an update that did not yet see this row (it
  -- finds the posts to clear through post_media) waits, then sees it.
  IF TG_TABLE_NAME = 'post_media' AND TG_OP <> 'DELETE' THEN
    PERFORM 1 FROM media m WHERE m.id IN (SELECT n.media_id FROM new_rows n) ORDER BY m.id FOR SHARE;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS post_documents_post_targets_insert ON post_targets;
CREATE TRIGGER post_documents_post_targets_insert AFTER INSERT ON post_targets
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();

DROP TRIGGER IF EXISTS post_documents_post_targets_update ON post_targets;
CREATE TRIGGER post_documents_post_targets_update AFTER UPDATE ON post_targets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();

DROP TRIGGER IF EXISTS post_documents_post_targets_delete ON post_targets;
CREATE TRIGGER post_documents_post_targets_delete AFTER DELETE ON post_targets
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();

DROP TRIGGER IF EXISTS post_documents_target_metrics_insert ON target_metrics;
CREATE TRIGGER post_documents_target_metrics_insert AFTER INSERT ON target_metrics
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();

DROP TRIGGER IF EXISTS post_documents_target_metrics_update ON target_metrics;
CREATE TRIGGER post_documents_target_metrics_update AFTER UPDATE ON target_metrics
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();

DROP TRIGGER IF EXISTS post_documents_target_metrics_delete ON target_metrics;
CREATE TRIGGER post_documents_target_metrics_delete AFTER DELETE ON target_metrics
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();

DROP TRIGGER IF EXISTS post_documents_post_media_insert ON post_media;
CREATE TRIGGER post_documents_post_media_insert AFTER INSERT ON post_media
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();

DROP TRIGGER IF EXISTS post_documents_post_media_update ON post_media;
CREATE TRIGGER post_documents_post_media_update AFTER UPDATE ON post_media
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();

DROP TRIGGER IF EXISTS post_documents_post_media_delete ON post_media;
CREATE TRIGGER post_documents_post_media_delete AFTER DELETE ON post_media
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();
--> statement-breakpoint
-- db/functions/post_documents_on_post_rows.sql
-- Written by `npm run db:functions` from lib/posts/server/document-triggers.ts and the columns a
-- post's JSON reads (documentColumns, lib/posts/server/post-json.ts): edit those, not this file.
--
-- A post's own columns that its document shows: an update that changes one clears the document and
-- bumps its generation (post_documents_stale.sql); a deleted post's document is deleted with it.
-- Statement-level, over the transition tables, as the publish path's other triggers.
CREATE OR REPLACE FUNCTION post_documents_on_post_rows() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM post_documents d USING old_rows o WHERE d.post_id = o.id;
  ELSE
    PERFORM post_documents_stale(ARRAY(
      SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.id, o.title, o.content, o.status, o.share_content, o.use_ai_share_message,
          o.summarize_for_twitter, o.scheduled_at, o.published_at, o.created_at, o.updated_at, o.chat_id,
          o.failure_reason)
        IS DISTINCT FROM (n.id, n.title, n.content, n.status, n.share_content, n.use_ai_share_message,
          n.summarize_for_twitter, n.scheduled_at, n.published_at, n.created_at, n.updated_at, n.chat_id,
          n.failure_reason)));
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS post_documents_posts_update ON posts;
CREATE TRIGGER post_documents_posts_update AFTER UPDATE ON posts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_post_rows();

DROP TRIGGER IF EXISTS post_documents_posts_delete ON posts;
CREATE TRIGGER post_documents_posts_delete AFTER DELETE ON posts
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_post_rows();
--> statement-breakpoint
-- db/functions/post_documents_stale.sql
-- Clears the given posts' stored documents (post_documents) and bumps their generation, once per
-- post per transaction (`bumped_xact`): no reader can read between two bumps of one transaction,
-- which commit together. A post with no row gets one at gen 1 (readers alone insert at gen 0). In
-- post order, so two statements take the rows in the same order. Called by the post_documents_on_*
-- triggers, whose watched columns are generated (lib/posts/server/document-triggers.ts).
CREATE OR REPLACE FUNCTION post_documents_stale(ids uuid[]) RETURNS void AS $$
  INSERT INTO post_documents AS d (post_id, gen, bumped_xact)
    SELECT DISTINCT u.id, 1, pg_current_xact_id()::text::bigint
    FROM unnest(ids) AS u(id) WHERE u.id IS NOT NULL ORDER BY u.id
  ON CONFLICT (post_id) DO UPDATE SET gen = d.gen + 1, json = NULL, bumped_xact = excluded.bumped_xact
    WHERE d.bumped_xact IS DISTINCT FROM excluded.bumped_xact
$$ LANGUAGE sql;
--> statement-breakpoint
-- db/functions/target_metrics_on_publish.sql
-- A page inserted already published (rare: a target created published) gets its target_metrics
-- row as target_metrics_on_publish_rows.sql makes it for an update, one row at a time.
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

DROP TRIGGER IF EXISTS post_targets_metrics_insert ON post_targets;
CREATE TRIGGER post_targets_metrics_insert AFTER INSERT ON post_targets
  FOR EACH ROW WHEN (NEW.status = 'published') EXECUTE FUNCTION target_metrics_on_publish();
--> statement-breakpoint
-- db/functions/target_metrics_on_publish_rows.sql
-- Every page published by an UPDATE of post_targets (the publish path: claimed, then published)
-- gets its target_metrics row in the same statement, with its first read on the page's 15-minute
-- grid (metrics_first_read_at.sql), or at once on a connection that sets
-- `postloom.metrics_first_read = 'at-once'` (METRICS_FIRST_READ: the test stack), and its owner's
-- analytics version bumped once for the statement. Published pages without a platform id were
-- never on the platform and have nothing to read. Once per statement over the transition tables:
-- per row it was half of Postgres's time on the publish path when 10,000 posts fell due at once.
-- A trigger with transition tables cannot name columns, so this fires on every UPDATE and finds
-- the pages whose status or platform id changed by joining the old rows to the new.
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

DROP TRIGGER IF EXISTS post_targets_metrics_publish ON post_targets;
CREATE TRIGGER post_targets_metrics_publish AFTER UPDATE ON post_targets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION target_metrics_on_publish_rows();
