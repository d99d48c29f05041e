import { readFileSync } from "node:fs";
import path from "node:path";
import { PgDialect } from "drizzle-orm/pg-core";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { documentTriggerFiles } from "@/lib/posts/server/document-triggers";
import { documentAliases, documentColumns, postJson, type DocumentTable } from "@/lib/posts/server/post-json";

/**
 * A post's stored list document is cleared by triggers watching the columns it shows. Both come
 * from one list (documentColumns): the JSON reads no column the list lacks and every column it
 * lists, and the trigger files in db/functions/ are what the list writes.
 */

const root = path.resolve(import.meta.dirname, "../..");
const tables = Object.keys(documentColumns) as DocumentTable[];
const listed = (table: DocumentTable) =>
  Object.values(documentColumns[table] as Record<string, AnyPgColumn>)
    .map((column) => column.name)
    .sort();

/** The columns the SQL reads, by table: through the JSON's aliases, or a table's own name. */
function columnsRead(text: string): Record<string, string[]> {
  const code = text.replace(/'[^']*'/g, "''");
  const byAlias = new Map<string, DocumentTable>(tables.map((table) => [documentAliases[table], table]));
  for (const table of tables) byAlias.set(`"${table}"`, table);
  const read: Record<string, Set<string>> = Object.fromEntries(tables.map((table) => [table, new Set<string>()]));
  for (const match of code.matchAll(/("[a-z_]+"|\b[a-z_]+)\.("?)([a-z_]+)\2/g)) {
    const table = byAlias.get(match[1]!);
    if (table) read[table]!.add(match[3]!);
  }
  return Object.fromEntries(Object.entries(read).map(([table, names]) => [table, [...names].sort()]));
}

describe("the columns of a post's stored document", () => {
  it("the post's JSON reads exactly the listed columns of each table", () => {
    const text = new PgDialect().sqlToQuery(postJson).sql;
    expect(columnsRead(text)).toEqual(Object.fromEntries(tables.map((table) => [table, listed(table)])));
  });

  it("the reader of the JSON's SQL finds a column read past the list", () => {
    expect(columnsRead(`select t.sent_text, "posts"."user_id", m."storage_key", 'x.y' from x`)).toMatchObject({
      post_targets: ["sent_text"],
      posts: ["user_id"],
      media: ["storage_key"],
    });
  });

  it("db/functions' post_documents triggers are the ones the list writes (npm run db:functions)", () => {
    for (const [file, text] of Object.entries(documentTriggerFiles))
      expect(readFileSync(path.join(root, "db/functions", file), "utf8"), file).toBe(text);
  });

  it("the triggers watch every listed column of the tables they compare", () => {
    const watched = (file: string, table: DocumentTable) => {
      const names = listed(table);
      return names.every(
        (name) =>
          documentTriggerFiles[file]!.includes(`o.${name}`) && documentTriggerFiles[file]!.includes(`n.${name}`),
      );
    };
    expect(watched("post_documents_on_post_rows.sql", "posts")).toBe(true);
    expect(watched("post_documents_on_part_rows.sql", "post_targets")).toBe(true);
    expect(watched("post_documents_on_part_rows.sql", "target_metrics")).toBe(true);
    expect(watched("post_documents_on_media_rows.sql", "media")).toBe(true);
  });
});
