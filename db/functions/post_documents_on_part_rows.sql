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
