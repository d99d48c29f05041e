import { describe, expect, it } from "vitest";
import {
  definedObjects,
  functionsMigrationSql,
  pendingFunctionChanges,
  readFunctionFiles,
  readMigrations,
} from "@/db/function-files";

/**
 * db/functions/ holds each SQL function's current definition, and the migrations are made from it
 * (`npm run db:functions`): every file is applied, as it stands, by a migration. Whether the
 * migrated database runs exactly these files is tests/integration/ops/db-functions.test.ts.
 */

const fn = (name: string, body = "BEGIN RETURN NULL; END") =>
  `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger AS $$ ${body} $$ LANGUAGE plpgsql;`;
const trig = (name: string, table: string, fnName: string) =>
  `DROP TRIGGER IF EXISTS ${name} ON ${table};\nCREATE TRIGGER ${name} AFTER INSERT ON ${table}\n  FOR EACH ROW EXECUTE FUNCTION ${fnName}();`;

describe("db/functions and the migrations", () => {
  it("every file is applied by the migrations as it stands, and none they applied is missing", () => {
    const { changed, removed } = pendingFunctionChanges(readFunctionFiles(), readMigrations());
    expect([...changed.keys()], "run `npm run db:functions` and commit the migration").toEqual([]);
    expect([...removed.keys()]).toEqual([]);
  });

  it("each file defines the function it is named after", () => {
    for (const [file, text] of readFunctionFiles()) {
      const names = [...definedObjects(text).functions].map((signature) => signature.replace(/\s*\(.*$/, ""));
      expect(names, file).toEqual([file.replace(/\.sql$/, "")]);
    }
  });

  it("a changed file is due; the migration applies it, and later migrations see it applied", () => {
    const files = new Map([["a.sql", `${fn("a")}\n${trig("a_insert", "posts", "a")}`]]);
    const first = functionsMigrationSql(pendingFunctionChanges(files, []), []);
    expect(first).toContain("-- db/functions/a.sql\nCREATE OR REPLACE FUNCTION a()");
    expect(pendingFunctionChanges(files, [first]).changed.size).toBe(0);

    files.set("a.sql", fn("a", "BEGIN RETURN NEW; END"));
    const second = pendingFunctionChanges(files, [first]);
    expect([...second.changed.keys()]).toEqual(["a.sql"]);
    // The trigger the file no longer creates is dropped before the file is applied again.
    expect(functionsMigrationSql(second, [first])).toMatch(
      /^DROP TRIGGER IF EXISTS a_insert ON posts;\n--> statement-breakpoint\n-- db\/functions\/a\.sql\n/,
    );
  });

  it("a function or trigger written again with other spacing or case is not dropped", () => {
    const files = new Map([["a.sql", `${fn("a")}\n${trig("a_insert", "posts", "a")}`]]);
    const first = functionsMigrationSql(pendingFunctionChanges(files, []), []);
    const respaced =
      "CREATE OR REPLACE FUNCTION A ( ) RETURNS trigger AS $$ BEGIN RETURN NEW; END $$ LANGUAGE plpgsql;";
    files.set("a.sql", `${respaced}\n${trig("A_insert", "Posts", "a")}`);
    const again = functionsMigrationSql(pendingFunctionChanges(files, [first]), [first]);
    expect(again).not.toContain("DROP FUNCTION");
    expect(again.startsWith("-- db/functions/a.sql\n")).toBe(true);
  });

  it("a removed file's function and triggers are dropped, once", () => {
    const first = functionsMigrationSql(
      pendingFunctionChanges(new Map([["a.sql", `${fn("a")}\n${trig("a_insert", "posts", "a")}`]]), []),
      [],
    );
    const gone = pendingFunctionChanges(new Map(), [first]);
    expect([...gone.removed.keys()]).toEqual(["a.sql"]);
    const drop = functionsMigrationSql(gone, [first]);
    expect(drop).toBe(
      "-- db/functions/a.sql (removed)\nDROP TRIGGER IF EXISTS a_insert ON posts;\nDROP FUNCTION IF EXISTS a();\n",
    );
    expect(pendingFunctionChanges(new Map(), [first, drop]).removed.size).toBe(0);
  });
});
