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
