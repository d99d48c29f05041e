import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { testStack } from "../../fixtures/test-stack";

/**
 * Migration 0016: the publish path's writes to a page (claimed, text recorded, published) are HOT
 * updates, adding no index entries, only while no index of post_targets names a column they change
 * and the table's pages keep room for the new row version. An index on status or on a time (as the
 * (status, updated_at) one was) makes every one of them a full update again (docs/decisions/0029-post-targets-hot-updates.md).
 */

const pool = new pg.Pool({ connectionString: testStack().databaseUrl, max: 1 });
afterAll(() => pool.end());

/** The columns a page's row is made with and never changes after. */
const FIXED_COLUMNS = ["id", "page_id", "post_id", "type"];

describe("post_targets' indexes leave the publish path's updates HOT", () => {
  it("indexes only columns that never change, with no expression or predicate", async () => {
    const { rows } = await pool.query<{ name: string; columns: string[]; expressions: boolean; predicate: boolean }>(
      `select i.indexrelid::regclass::text as name,
          array(select a.attname::text from unnest(i.indkey) k
                join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k order by 1) as columns,
          i.indexprs is not null as expressions, i.indpred is not null as predicate
        from pg_index i where i.indrelid = 'post_targets'::regclass order by 1`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const index of rows) {
      expect(
        index.columns.filter((column) => !FIXED_COLUMNS.includes(column)),
        index.name,
      ).toEqual([]);
      expect({ expressions: index.expressions, predicate: index.predicate }, index.name).toEqual({
        expressions: false,
        predicate: false,
      });
    }
  });

  it("fills its pages to 80%, leaving room for the new row version on the same page", async () => {
    const { rows } = await pool.query<{ options: string[] | null }>(
      `select reloptions as options from pg_class where oid = 'post_targets'::regclass`,
    );
    expect(rows[0]?.options).toContain("fillfactor=80");
  });
});
