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
