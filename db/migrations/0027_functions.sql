-- db/functions/activity_on_post_outcome.sql
-- The activity log's post_published and post_failed events, written by the statement that settles
-- the post, whichever it is: the worker settles posts in several set-based statements (a page's
-- last publish, a batch of posts published, a failure, the late posts' expiry), each an UPDATE
-- moving posts.status. Recorded here, an outcome is logged exactly once per change of status, in
-- the same transaction as the change, and never when it rolls back (docs/decisions/0061). The
-- actor is the system ('Postloom'); the subject is the post's title, else the start of its text,
-- as lib/activity/server/record.ts postSubject() writes it for the app's events. Timed by the clock,
-- not the transaction's start, as recordActivity times the app's: entries keep their order.
-- A trigger with transition tables cannot name columns or carry a WHEN clause: this fires on every
-- UPDATE of posts and joins the old rows to the new to find posts newly published or failed.
CREATE OR REPLACE FUNCTION activity_on_post_outcome() RETURNS trigger AS $$
BEGIN
  INSERT INTO activity_events (workspace_id, actor_id, actor_label, kind, post_id, subject, details, created_at)
    SELECT n.workspace_id, NULL, 'Postloom',
      CASE n.status WHEN 'published' THEN 'post_published' ELSE 'post_failed' END,
      n.id,
      coalesce(
        nullif(btrim(n.title), ''),
        nullif(CASE WHEN length(regexp_replace(btrim(n.content), '\s+', ' ', 'g')) > 80
          THEN left(regexp_replace(btrim(n.content), '\s+', ' ', 'g'), 79) || '…'
          ELSE regexp_replace(btrim(n.content), '\s+', ' ', 'g') END, ''),
        'Untitled Post'),
      CASE n.status WHEN 'failed' THEN jsonb_build_object('reason', n.failure_reason) ELSE '{}'::jsonb END,
      clock_timestamp()
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status IN ('published', 'failed') AND o.status IS DISTINCT FROM n.status
    ORDER BY n.id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS posts_activity_outcome ON posts;
CREATE TRIGGER posts_activity_outcome AFTER UPDATE ON posts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION activity_on_post_outcome();
