import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * db/functions/: one file per SQL function (with the triggers that call it), each its current
 * definition. Migrations are made from them: `npm run db:functions` (scripts/db-functions.ts)
 * writes a migration holding every file that changed since the migrations last applied it, each
 * under a `-- db/functions/<file>` line, so the migrations themselves say which version of a file
 * they apply. This module reads both sides; docs/decisions/0055-sql-functions-in-files.md says why.
 */

const dbFolder = path.dirname(fileURLToPath(import.meta.url));
export const functionsFolder = path.join(dbFolder, "functions");
export const migrationsFolder = path.join(dbFolder, "migrations");

const BREAKPOINT = "--> statement-breakpoint";
const MARK = /^-- db\/functions\/([\w.-]+\.sql)( \(removed\))?\n/;

/** db/functions' files: name → text. */
export function readFunctionFiles(folder = functionsFolder): Map<string, string> {
  const files = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith(".sql")) : [];
  return new Map(files.sort().map((name) => [name, readFileSync(path.join(folder, name), "utf8")]));
}

/** The migrations' SQL in the order they apply (drizzle's journal). */
export function readMigrations(folder = migrationsFolder): string[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  return [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map((entry) => readFileSync(path.join(folder, `${entry.tag}.sql`), "utf8"));
}

/** What the migrations last applied of each file: its text, or null once they removed it. */
export function appliedFunctionFiles(migrations: string[]): Map<string, string | null> {
  const applied = new Map<string, string | null>();
  for (const migration of migrations)
    for (const chunk of migration.split(BREAKPOINT)) {
      const text = chunk.replace(/^\s+/, "");
      const mark = MARK.exec(text);
      if (mark) applied.set(mark[1]!, mark[2] ? null : text.slice(mark[0].length).trim());
    }
  return applied;
}

export interface FunctionChanges {
  /** Files whose text the migrations do not apply yet, by name. */
  changed: Map<string, string>;
  /** Files the migrations applied that are gone, with the text last applied. */
  removed: Map<string, string>;
}

export function pendingFunctionChanges(files: Map<string, string>, migrations: string[]): FunctionChanges {
  const applied = appliedFunctionFiles(migrations);
  const changed = new Map([...files].filter(([name, text]) => applied.get(name) !== text.trim()));
  const removed = new Map(
    [...applied].filter((entry): entry is [string, string] => entry[1] !== null && !files.has(entry[0])),
  );
  return { changed, removed };
}

/** A signature as written, with its spacing and case made plain: `name(a int, b text)`. */
const plainSignature = (signature: string) =>
  signature
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/\s*\(\s*/, "(")
    .replace(/\s*,\s*/g, ", ")
    .replace(/\s*\)$/, ")");

/** The functions (by signature) and triggers (`name ON table`) a file's text creates. */
export function definedObjects(text: string): { functions: Set<string>; triggers: Set<string> } {
  const code = text.replace(/--[^\n]*/g, "");
  const functions = new Set(
    [...code.matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+([\w.]+\s*\([^)]*\))/gi)].map((m) =>
      plainSignature(m[1]!),
    ),
  );
  const triggers = new Set(
    [...code.matchAll(/CREATE\s+(?:CONSTRAINT\s+)?TRIGGER\s+(\w+)\s[\s\S]*?\bON\s+([\w.]+)/gi)].map(
      (m) => `${m[1]!.toLowerCase()} ON ${m[2]!.toLowerCase()}`,
    ),
  );
  return { functions, triggers };
}

/** DROP statements for what `before` created and `after` (if any) no longer does: triggers first. */
function drops(before: string, after = ""): string[] {
  const [was, is] = [definedObjects(before), definedObjects(after)];
  return [
    ...[...was.triggers].filter((trigger) => !is.triggers.has(trigger)).map((t) => `DROP TRIGGER IF EXISTS ${t};`),
    ...[...was.functions].filter((fn) => !is.functions.has(fn)).map((fn) => `DROP FUNCTION IF EXISTS ${fn};`),
  ];
}

/**
 * A migration applying the changes: each removed file's objects dropped, then each changed file
 * as it stands (after dropping what its last applied text created and it no longer does).
 */
export function functionsMigrationSql(changes: FunctionChanges, migrations: string[]): string {
  const applied = appliedFunctionFiles(migrations);
  const chunks = [
    ...[...changes.removed].map(([name, text]) => `-- db/functions/${name} (removed)\n${drops(text).join("\n")}`),
    ...[...changes.changed].flatMap(([name, text]) => {
      const before = applied.get(name);
      const gone = before ? drops(before, text) : [];
      return [...(gone.length > 0 ? [gone.join("\n")] : []), `-- db/functions/${name}\n${text.trim()}`];
    }),
  ];
  return chunks.join(`\n${BREAKPOINT}\n`) + "\n";
}
