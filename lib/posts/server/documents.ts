import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { db } from "@/db";
import { postDocuments } from "@/db/schema";

/**
 * Each post's list JSON, kept in post_documents once a read has built it (issue #18: building it
 * was most of Postgres's time on a list request). Triggers clear a post's document and bump its
 * generation whenever anything in it changes (migration 0018, which also explains why a stale
 * document is never stored); the reads in queries.ts take a stored document of the current shape
 * and build the others, and store what they built here.
 */

/**
 * A number naming the SQL that writes a document: a hash of its text. A document written by other
 * SQL (an earlier release's, or the next one's) is not used and is built again, so a change to the
 * DTO needs no migration to empty the table.
 */
export function documentShape(documentSql: SQL): number {
  const text = new PgDialect().sqlToQuery(documentSql).sql;
  return createHash("sha256").update(text).digest().readInt32BE(0);
}

/** A post whose document a read built because none of `shape` was stored; `gen` as read, null for no row. */
export interface BuiltDocument {
  id: string;
  gen: number | null;
  json: string;
}

/**
 * Stores the documents a read built, each only where its generation is still the one read (no row
 * then: only if there is still none) and no document of this shape is there yet. Best effort: a
 * document not stored is built again by the next read, so a failure here is logged, not thrown,
 * and never fails the read that built it.
 */
export async function storeDocuments(shape: number, built: BuiltDocument[]): Promise<void> {
  if (built.length === 0) return;
  const ordered = [...built].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  try {
    await db.execute(sql`
      insert into ${postDocuments} as d (post_id, gen, shape, json)
        select b.id, coalesce(b.gen, 0), ${shape}, b.json
        from unnest(${sql.param(ordered.map((doc) => doc.id))}::uuid[], ${sql.param(ordered.map((doc) => doc.gen))}::bigint[],
          ${sql.param(ordered.map((doc) => doc.json))}::text[]) with ordinality as b(id, gen, json, n)
        order by b.n
      on conflict (post_id) do update set shape = excluded.shape, json = excluded.json
        where d.gen = excluded.gen and (d.json is null or d.shape is distinct from excluded.shape)`);
  } catch (error) {
    console.error(`[posts] storing ${ordered.length} documents failed; the next read builds them again`, error);
  }
}
