import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { db, type Database } from "@/db";
import { PG_ERROR, pgErrorCode } from "@/db/pg-errors";
import { postDocuments, posts } from "@/db/schema";

/**
 * Each post's list JSON, kept in post_documents once a read has built it (building it
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

/** How long storing a read's documents waits for a post's change to commit. */
const STORE_LOCK_WAIT = "50ms";

/** A post whose document a read built because none of `shape` was stored; `gen` as read, null for no row. */
export interface BuiltDocument {
  id: string;
  gen: number | null;
  json: string;
}

/** Postgres's lock_not_available (lock_timeout) or deadlock_detected. */
function isLockWait(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === PG_ERROR.lockNotAvailable || code === PG_ERROR.deadlockDetected;
}

/**
 * Stores the documents a read built, each only where its generation is still the one read (no row
 * then: only if there is still none), no document of this shape is there yet, and the post still
 * exists. Best effort: a document not stored is built again by the next read, so a failure here is
 * not thrown and never fails the read that built it. A post being changed holds its document's row
 * until it commits, and the read waits for that at most `lockWait`: it would find the generation
 * moved on anyway. `replace` (the rebuild, rebuild.ts) also replaces a stored document of this
 * shape that differs from the one built. Returns how many were stored.
 */
export async function storeDocuments(
  shape: number,
  built: BuiltDocument[],
  lockWait: string = STORE_LOCK_WAIT,
  { replace = false, on = db }: { replace?: boolean; on?: Database } = {},
): Promise<number> {
  if (built.length === 0) return 0;
  const ordered = [...built].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const [ids, gens, texts] = [
    ordered.map((doc) => doc.id),
    ordered.map((doc) => doc.gen),
    ordered.map((doc) => doc.json),
  ];
  const unlike = replace
    ? sql`d.json is distinct from excluded.json or d.shape is distinct from excluded.shape`
    : sql`d.json is null or d.shape is distinct from excluded.shape`;
  try {
    return await on.transaction(async (tx) => {
      await tx.execute(sql`select set_config('lock_timeout', ${lockWait}, true)`);
      const result = await tx.execute(sql`
        insert into ${postDocuments} as d (post_id, gen, shape, json)
          select b.id, coalesce(b.gen, 0), ${shape}, b.json
          from unnest(${sql.param(ids)}::uuid[], ${sql.param(gens)}::bigint[], ${sql.param(texts)}::text[])
            with ordinality as b(id, gen, json, n)
          where exists (select 1 from ${posts} p where p.id = b.id)
          order by b.n
        on conflict (post_id) do update set shape = excluded.shape, json = excluded.json
          where d.gen = excluded.gen and (${unlike})`);
      return result.rowCount ?? 0;
    });
  } catch (error) {
    if (isLockWait(error)) return 0;
    console.error(`[posts] storing ${ordered.length} documents failed; the next read builds them again`, error);
    return 0;
  }
}
