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
          o.failure_reason, o.approval_state)
        IS DISTINCT FROM (n.id, n.title, n.content, n.status, n.share_content, n.use_ai_share_message,
          n.summarize_for_twitter, n.scheduled_at, n.published_at, n.created_at, n.updated_at, n.chat_id,
          n.failure_reason, n.approval_state)));
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
