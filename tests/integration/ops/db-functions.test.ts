import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { readFunctionFiles } from "@/db/function-files";
import { testStack } from "../../fixtures/test-stack";

/**
 * The migrated database runs exactly db/functions/: every function and trigger in it is the one
 * its file defines, and there is none without a file. The files are applied to an empty copy of
 * the tables (a schema of its own, in a transaction rolled back), and the definitions Postgres
 * gives for both are compared.
 */

type Definitions = Record<string, string>;

/** Every function (not an extension's) and trigger of a schema: name → Postgres's definition. */
async function definitions(client: pg.ClientBase, schema: string): Promise<Definitions> {
  const { rows } = await client.query<{ key: string; def: string }>(
    `select 'function ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as key,
        pg_get_functiondef(p.oid) as def
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $1
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
    union all
    select 'trigger ' || t.tgname || ' on ' || c.relname, pg_get_triggerdef(t.oid)
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and not t.tgisinternal`,
    [schema],
  );
  // Names print qualified or not depending on the search path: compared without their schema.
  const unqualified = new RegExp(`\\b(public|${schema})\\.`, "g");
  return Object.fromEntries(rows.map((row) => [row.key, row.def.replace(unqualified, "")]));
}

/** The definitions db/functions' files make on an empty copy of the public tables. */
async function fromFiles(client: pg.ClientBase, files: Map<string, string>): Promise<Definitions> {
  const schema = `functions_${randomBytes(4).toString("hex")}`;
  await client.query(`create schema ${schema}`);
  const { rows: tables } = await client.query<{ name: string }>(
    `select relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`,
  );
  for (const { name } of tables) await client.query(`create table ${schema}."${name}" (like public."${name}")`);
  await client.query(`set local search_path = ${schema}, public`);
  for (const [file, text] of files)
    await client.query(text).catch((error: Error) => {
      throw new Error(`db/functions/${file}: ${error.message}`);
    });
  return definitions(client, schema);
}

async function compare(setUp?: (client: pg.ClientBase) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: testStack().databaseUrl });
  await client.connect();
  try {
    await client.query("begin");
    await setUp?.(client);
    const live = await definitions(client, "public");
    const files = await fromFiles(client, readFunctionFiles());
    return { live, files };
  } finally {
    await client.query("rollback").catch(() => undefined);
    await client.end();
  }
}

describe("db/functions", () => {
  it("the migrated database's functions and triggers are exactly the files'", async () => {
    const { live, files } = await compare();
    expect(Object.keys(live).length).toBeGreaterThan(30);
    expect(Object.keys(live).sort()).toEqual(Object.keys(files).sort());
    for (const [key, definition] of Object.entries(live)) expect(definition, key).toBe(files[key]);
  });

  it("a function or trigger in the database with no file, or defined otherwise, is found", async () => {
    const { live, files } = await compare(async (client) => {
      await client.query(`create function public.stray() returns int as 'select 1' language sql`);
      await client.query(`create or replace function public.metrics_phase(account_id uuid, page_id text)
        returns double precision as 'select 0.5::float8' language sql immutable parallel safe`);
    });
    expect(Object.keys(live).filter((key) => !(key in files))).toEqual(["function stray()"]);
    expect(live["function metrics_phase(account_id uuid, page_id text)"]).not.toBe(
      files["function metrics_phase(account_id uuid, page_id text)"],
    );
  });
});
