CREATE TABLE "post_documents" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"gen" bigint DEFAULT 0 NOT NULL,
	"shape" integer,
	"json" text,
	"bumped_xact" bigint
);
--> statement-breakpoint
-- Issue #18: a page of the post list spent most of Postgres's time on the request writing each
-- post's JSON (19 µs a post, 0.95 of the statement's 1.0 ms; README › Benchmarks › Session 30).
-- post_documents keeps each post's JSON as the list wrote it (lib/posts/server/documents.ts); these
-- triggers keep it honest. Whenever a post, its pages, their figures or its media change, the
-- post's document is cleared and its generation bumped, in the changing transaction. A reader
-- stores a document only where the generation is still the one it read with the post, so a
-- document built from a snapshot that a later commit changed is never stored:
--   - the row existed when the reader read: any change since bumped `gen`, and the reader's
--     conditional update finds another `gen` (or waits for the writer's lock, then finds it);
--   - no row existed (the reader says gen 0): a change since inserted one at gen 1 or more, and
--     the reader's insert meets it and stores nothing; readers alone insert at gen 0.
-- Statement-level, over the transition tables, one upsert in post order for the statement's posts
-- (two statements take the rows in the same order), as the publish path's other triggers
-- (migration 0014). An update counts only where a column the document shows changed: a publish
-- claim's renewal or the record of what is being sent changes none. A post already bumped by the
-- same transaction (`bumped_xact`) is not bumped again: no reader can have read between, as the
-- bump and every later change of the transaction commit together. Rows deleted with their post (a cascade) leave
-- nothing behind, and a deleted post's document goes with it.
CREATE FUNCTION post_documents_stale(ids uuid[]) RETURNS void AS $$
  INSERT INTO post_documents AS d (post_id, gen, bumped_xact)
    SELECT DISTINCT u.id, 1, pg_current_xact_id()::text::bigint
    FROM unnest(ids) AS u(id) WHERE u.id IS NOT NULL ORDER BY u.id
  ON CONFLICT (post_id) DO UPDATE SET gen = d.gen + 1, json = NULL, bumped_xact = excluded.bumped_xact
    WHERE d.bumped_xact IS DISTINCT FROM excluded.bumped_xact
$$ LANGUAGE sql;
--> statement-breakpoint
-- post_targets, target_metrics and post_media: each row names its post.
CREATE FUNCTION post_documents_on_part_rows() RETURNS trigger AS $$
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
      WHERE (o.post_id, o.type, o.page_id, o.platform, o.page_name, o.status, o.published_at,
          o.platform_post_url, o.error_message, o.created_at)
        IS DISTINCT FROM (n.post_id, n.type, n.page_id, n.platform, n.page_name, n.status, n.published_at,
          n.platform_post_url, n.error_message, n.created_at)));
  ELSIF TG_TABLE_NAME = 'target_metrics' THEN
    PERFORM post_documents_stale(ARRAY(
      SELECT v.post_id FROM old_rows o JOIN new_rows n ON n.post_target_id = o.post_target_id
        CROSS JOIN LATERAL (VALUES (o.post_id), (n.post_id)) AS v(post_id)
      WHERE (o.post_id, o.post_target_id, o.platform, o.views, o.likes, o.comments, o.shares, o.removed_at)
        IS DISTINCT FROM (n.post_id, n.post_target_id, n.platform, n.views, n.likes, n.comments, n.shares,
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
--> statement-breakpoint
CREATE FUNCTION post_documents_on_post_rows() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM post_documents d USING old_rows o WHERE d.post_id = o.id;
  ELSE
    PERFORM post_documents_stale(ARRAY(
      SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.title, o.content, o.status, o.share_content, o.use_ai_share_message, o.summarize_for_twitter,
          o.scheduled_at, o.published_at, o.chat_id, o.failure_reason, o.created_at, o.updated_at)
        IS DISTINCT FROM (n.title, n.content, n.status, n.share_content, n.use_ai_share_message,
          n.summarize_for_twitter, n.scheduled_at, n.published_at, n.chat_id, n.failure_reason, n.created_at,
          n.updated_at)));
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A media item's own columns are in the documents of the posts that show it.
CREATE FUNCTION post_documents_on_media_rows() RETURNS trigger AS $$
BEGIN
  PERFORM post_documents_stale(ARRAY(
    SELECT pm.post_id FROM new_rows n JOIN post_media pm ON pm.media_id = n.id));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER post_documents_posts_update AFTER UPDATE ON posts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_post_rows();
--> statement-breakpoint
CREATE TRIGGER post_documents_posts_delete AFTER DELETE ON posts
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_post_rows();
--> statement-breakpoint
CREATE TRIGGER post_documents_media_update AFTER UPDATE ON media
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_media_rows();
--> statement-breakpoint
CREATE TRIGGER post_documents_post_targets_insert AFTER INSERT ON post_targets
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();
--> statement-breakpoint
CREATE TRIGGER post_documents_post_targets_update AFTER UPDATE ON post_targets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();
--> statement-breakpoint
CREATE TRIGGER post_documents_post_targets_delete AFTER DELETE ON post_targets
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();
--> statement-breakpoint
CREATE TRIGGER post_documents_target_metrics_insert AFTER INSERT ON target_metrics
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();
--> statement-breakpoint
CREATE TRIGGER post_documents_target_metrics_update AFTER UPDATE ON target_metrics
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();
--> statement-breakpoint
CREATE TRIGGER post_documents_target_metrics_delete AFTER DELETE ON target_metrics
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();
--> statement-breakpoint
CREATE TRIGGER post_documents_post_media_insert AFTER INSERT ON post_media
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();
--> statement-breakpoint
CREATE TRIGGER post_documents_post_media_update AFTER UPDATE ON post_media
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();
--> statement-breakpoint
CREATE TRIGGER post_documents_post_media_delete AFTER DELETE ON post_media
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_documents_on_part_rows();
