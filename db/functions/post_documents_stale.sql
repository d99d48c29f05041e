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
