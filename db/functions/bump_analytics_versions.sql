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
