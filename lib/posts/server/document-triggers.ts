import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { documentColumns, type DocumentTable } from "./post-json";

/**
 * The SQL of post_documents' triggers, written from the columns a post's JSON reads
 * (post-json.ts): `npm run db:functions` writes these texts to db/functions/ (and a migration
 * applying what changed), and tests/unit/post-documents-columns.test.ts fails when the files
 * differ from them. Why the triggers are shaped this way is in the texts' own comments.
 */

const GENERATED = [
  "-- Written by `npm run db:functions` from lib/posts/server/document-triggers.ts and the columns a",
  "-- post's JSON reads (documentColumns, lib/posts/server/post-json.ts): edit those, not this file.",
].join("\n");

const names = (table: DocumentTable) =>
  Object.values(documentColumns[table] as Record<string, AnyPgColumn>).map((column) => column.name);

/**
 * `(o.a, o.b, …) IS DISTINCT FROM (n.a, n.b, …)` over a table's listed columns, to follow `WHERE `
 * on a line indented by `indent`.
 */
function changed(table: DocumentTable, indent: string): string {
  const row = (alias: string, start: number) =>
    wrap(
      `(${names(table)
        .map((name) => `${alias}.${name}`)
        .join(", ")})`,
      indent + "    ",
      start,
    );
  const distinct = `${indent}  IS DISTINCT FROM `;
  return `${row("o", indent.length + "WHERE ".length)}\n${distinct}${row("n", distinct.length)}`;
}

/** Breaks a list after commas so no line passes 110 characters; the first starts at column `start`. */
function wrap(text: string, indent: string, start: number): string {
  const lines: string[] = [];
  let line = "";
  for (const part of text.split(/(?<=, )/)) {
    const column = lines.length === 0 ? start : indent.length;
    if (line && column + line.length + part.length > 110) {
      lines.push(line.trimEnd());
      line = "";
    }
    line += part;
  }
  lines.push(line);
  return lines.join(`\n${indent}`);
}

function trigger(name: string, table: string, event: "INSERT" | "UPDATE" | "DELETE", fn: string): string {
  const referencing = {
    INSERT: "NEW TABLE AS new_rows",
    UPDATE: "OLD TABLE AS old_rows NEW TABLE AS new_rows",
    DELETE: "OLD TABLE AS old_rows",
  };
  return [
    `DROP TRIGGER IF EXISTS ${name} ON ${table};`,
    `CREATE TRIGGER ${name} AFTER ${event} ON ${table}`,
    `  REFERENCING ${referencing[event]}`,
    `  FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`,
  ].join("\n");
}

const postRows = `${GENERATED}
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
      WHERE ${changed("posts", "      ")}));
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

${trigger("post_documents_posts_update", "posts", "UPDATE", "post_documents_on_post_rows")}

${trigger("post_documents_posts_delete", "posts", "DELETE", "post_documents_on_post_rows")}
`;

const partTriggers = (["post_targets", "target_metrics", "post_media"] as const).flatMap((table) =>
  (["INSERT", "UPDATE", "DELETE"] as const).map((event) =>
    trigger(`post_documents_${table}_${event.toLowerCase()}`, table, event, "post_documents_on_part_rows"),
  ),
);

const partRows = `${GENERATED}
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
      WHERE ${changed("post_targets", "      ")}));
  ELSIF TG_TABLE_NAME = 'target_metrics' THEN
    PERFORM post_documents_stale(ARRAY(
      SELECT v.post_id FROM old_rows o JOIN new_rows n ON n.post_target_id = o.post_target_id
        CROSS JOIN LATERAL (VALUES (o.post_id), (n.post_id)) AS v(post_id)
      WHERE ${changed("target_metrics", "      ")}));
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

${partTriggers.join("\n\n")}
`;

const mediaRows = `${GENERATED}
--
-- A media item's columns that the documents of the posts showing it show: an update that changes
-- one clears those posts' documents.
CREATE OR REPLACE FUNCTION post_documents_on_media_rows() RETURNS trigger AS $$
BEGIN
  PERFORM post_documents_stale(ARRAY(
    SELECT pm.post_id FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN post_media pm ON pm.media_id = n.id
    WHERE ${changed("media", "    ")}));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

${trigger("post_documents_media_update", "media", "UPDATE", "post_documents_on_media_rows")}
`;

/** db/functions/ file name → its text. */
export const documentTriggerFiles: Record<string, string> = {
  "post_documents_on_post_rows.sql": postRows,
  "post_documents_on_part_rows.sql": partRows,
  "post_documents_on_media_rows.sql": mediaRows,
};
