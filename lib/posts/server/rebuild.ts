import { sql } from "drizzle-orm";
import { db, type Database } from "@/db";
import { PG_ERROR, retryingOn } from "@/db/pg-errors";
import { postCounts, postDocuments, posts } from "@/db/schema";
import { documentShape, storeDocuments, type BuiltDocument } from "./documents";
import { postJson } from "./post-json";

/**
 * The posts' derived stores rebuilt from their sources (docs/data.md): each writes only what
 * differs, so running one twice changes nothing the second time, and none interleaves wrongly with
 * a writer running meanwhile (each says why). Called by rebuildDerived (lib/derived).
 */

/**
 * post_counts from posts: each (user, status) whose sum differs from its count of posts gets the
 * difference in slot 0. No lock: the sums and the counts are read in one statement, so in one
 * snapshot, and every writer of posts moves the counters in its own transaction, so a writer is
 * in both or in neither; the difference is added, as the writers add theirs, and the additions
 * commute. Returns how many were wrong.
 */
export async function rebuildPostCounts(database: Database = db): Promise<number> {
  // A user deleted since the statement's snapshot fails its row's foreign key: run again, the
  // statement no longer sees them.
  const result = await retryingOn([PG_ERROR.foreignKeyViolation], () =>
    database.execute<{ fixed: number }>(sql`
    with truth as (
      select workspace_id, status, count(*)::int as count from ${posts} group by workspace_id, status
    ),
    kept as (
      select workspace_id, status, sum(count)::int as count from ${postCounts} group by workspace_id, status
    ),
    wrong as (
      select coalesce(t.workspace_id, k.workspace_id) as workspace_id, coalesce(t.status, k.status) as status,
        coalesce(t.count, 0) - coalesce(k.count, 0) as delta
      from truth t full join kept k on k.workspace_id = t.workspace_id and k.status = t.status
      where coalesce(t.count, 0) <> coalesce(k.count, 0)
    ),
    fixed as (
      insert into ${postCounts} (workspace_id, status, slot, count)
        select workspace_id, status, 0, delta from wrong order by workspace_id, status
      on conflict (workspace_id, status, slot) do update set count = ${postCounts}.count + excluded.count
      returning 1
    )
    select count(*)::int as fixed from fixed`),
  );
  return Number(result.rows[0]?.fixed ?? 0);
}

const SHAPE = documentShape(postJson);
const DOCUMENT_BATCH = 500;

/**
 * Every post's stored document made the one its sources give now, through the readers' own rule
 * (documents.ts): a document is built with the generation read in the same statement, and stored
 * only where the generation is still that one. A document that differs (or is missing, or of
 * another shape) is replaced; one whose post changes meanwhile is cleared by that change anyway,
 * so a store skipped for a lock wait leaves nothing wrong. Documents of posts that no longer exist
 * are deleted (no post can come back to a row made again). Posts in id order, 500 at a time.
 */
export async function rebuildPostDocuments(database: Database = db): Promise<{ stored: number; removed: number }> {
  let stored = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const { rows } = await database.execute<{ id: string; gen: number | null; same: boolean; json: string }>(sql`
      select ${posts}.id, d.gen, (d.shape = ${SHAPE} and d.json = b.json) as same, b.json
      from ${posts}
        left join ${postDocuments} d on d.post_id = ${posts}.id
        cross join lateral (select (${postJson})::text as json) b
      where ${posts}.id > ${after}
      order by ${posts}.id
      limit ${DOCUMENT_BATCH}`);
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    const differing: BuiltDocument[] = rows
      .filter((row) => !row.same)
      .map((row) => ({ id: row.id, gen: row.gen === null ? null : Number(row.gen), json: row.json }));
    stored += await storeDocuments(SHAPE, differing, "5s", { replace: true, on: database });
  }
  const removed = await database.execute(sql`
    delete from ${postDocuments} d where not exists (select 1 from ${posts} p where p.id = d.post_id)`);
  return { stored, removed: removed.rowCount ?? 0 };
}
