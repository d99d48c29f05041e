import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  functionsFolder,
  functionsMigrationSql,
  migrationsFolder,
  pendingFunctionChanges,
  readFunctionFiles,
  readMigrations,
} from "@/db/function-files";
import { documentTriggerFiles } from "@/lib/posts/server/document-triggers";

/**
 * npm run db:functions [-- --name=<migration name>]
 *
 * 1. Writes the generated files of db/functions/ (post_documents' triggers, from the columns a
 *    post's JSON reads: lib/posts/server/document-triggers.ts).
 * 2. If any file of db/functions/ differs from what the migrations last applied of it (or a file
 *    they applied is gone), writes the next migration applying exactly those changes, through
 *    `drizzle-kit generate --custom` (so the journal and snapshot stay drizzle's). Commit both.
 *
 * With --check, writes nothing and exits 1 when a migration is due.
 */

const args = process.argv.slice(2);
const check = args.includes("--check");
const name = args.find((arg) => arg.startsWith("--name="))?.slice("--name=".length) || "functions";

let stale = 0;
for (const [file, text] of Object.entries(documentTriggerFiles)) {
  const target = path.join(functionsFolder, file);
  let current = "";
  try {
    current = readFileSync(target, "utf8");
  } catch {
    // a new file
  }
  if (current === text) continue;
  stale += 1;
  if (check) console.error(`db/functions/${file} differs from what lib/posts/server/document-triggers.ts writes`);
  else writeFileSync(target, text);
}

const migrations = readMigrations();
const changes = pendingFunctionChanges(readFunctionFiles(), migrations);
const due = [...changes.changed.keys(), ...[...changes.removed.keys()].map((file) => `${file} (removed)`)];

if (check) {
  for (const file of due) console.error(`db/functions/${file}: no migration applies it yet`);
  if (stale > 0 || due.length > 0) {
    console.error("Run `npm run db:functions` and commit what it writes.");
    process.exit(1);
  }
  console.log("db/functions: every file is applied by the migrations as it stands.");
  process.exit(0);
}

if (due.length === 0) {
  console.log("db/functions: every file is applied by the migrations as it stands; no migration written.");
  process.exit(0);
}

const journalFile = path.join(migrationsFolder, "meta/_journal.json");
const entriesBefore = (JSON.parse(readFileSync(journalFile, "utf8")) as { entries: unknown[] }).entries.length;
const generated = spawnSync(
  process.execPath,
  ["node_modules/drizzle-kit/bin.cjs", "generate", "--custom", `--name=${name}`],
  { stdio: "inherit" },
);
if (generated.status !== 0) process.exit(generated.status ?? 1);
const entries = (JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] }).entries;
if (entries.length !== entriesBefore + 1) throw new Error("drizzle-kit generate --custom added no journal entry");
const migration = path.join(migrationsFolder, `${entries.at(-1)!.tag}.sql`);
writeFileSync(migration, functionsMigrationSql(changes, migrations));
console.log(`Wrote ${path.relative(process.cwd(), migration)}, applying: ${due.join(", ")}`);
