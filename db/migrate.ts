import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { pgErrorCode } from "./pg-errors";

/**
 * Creates the database if needed and applies db/migrations. Deliberately independent of lib/server/env.ts:
 * it runs before the app is configured (first setup, test setup, deploy step).
 *
 *   tsx db/migrate.ts          migrates $DATABASE_URL (default below), reading .env if present
 *   migrateDatabase(url)       the same from code (the test setup)
 */

export const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postloom";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

// Any fixed number: serialises concurrent migrators of the same database (pg_advisory_lock is per database).
const MIGRATION_LOCK_KEY = 7_305_011;

export async function migrateDatabase(databaseUrl: string): Promise<void> {
  try {
    await ensureDatabase(databaseUrl);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    try {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await migrate(drizzle({ client }), { migrationsFolder });
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  } catch (error) {
    if (isConnectionRefused(error)) throw new PostgresUnreachableError(databaseUrl, error);
    throw error;
  }
}

/** Creates the database named in the URL, through the `postgres` maintenance database, unless it exists. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name) throw new Error(`DATABASE_URL names no database: ${redact(databaseUrl)}`);

  // Try the database itself first: where it exists, no access to `postgres` is needed.
  const probe = new pg.Client({ connectionString: databaseUrl });
  try {
    await probe.connect();
    return;
  } catch (error) {
    if (pgErrorCode(error) !== "3D000") throw error; // 3D000: database does not exist
  } finally {
    await probe.end().catch(() => undefined);
  }

  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
  } catch (error) {
    // Someone else created it meanwhile: 42P04 duplicate_database, or 23505 when both inserts race
    // on pg_database's unique index.
    const code = pgErrorCode(error);
    if (code !== "42P04" && code !== "23505") throw error;
  } finally {
    await admin.end();
  }
}

export class PostgresUnreachableError extends Error {
  constructor(databaseUrl: string, cause: unknown) {
    const url = new URL(databaseUrl);
    const where = `${url.hostname}:${url.port || "5432"}`;
    super(
      `Cannot reach PostgreSQL at ${where} (connection refused). Start it, e.g. ` +
        "`pg_ctlcluster <version> main start` (versions: ls /usr/lib/postgresql), " +
        "or point DATABASE_URL at a running server.",
      { cause },
    );
    this.name = "PostgresUnreachableError";
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** ECONNREFUSED, also when wrapped (Node's happy-eyeballs reports an AggregateError per address). */
function isConnectionRefused(error: unknown): boolean {
  if (pgErrorCode(error) === "ECONNREFUSED") return true;
  if (error instanceof AggregateError) return error.errors.some(isConnectionRefused);
  return false;
}

function redact(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(unparseable URL)";
  }
}

async function main(): Promise<void> {
  try {
    process.loadEnvFile();
  } catch {
    // no .env: the environment (or the default) decides
  }
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  try {
    await migrateDatabase(databaseUrl);
    console.log(`Database migrated: ${redact(databaseUrl)}`);
  } catch (error) {
    if (error instanceof PostgresUnreachableError) console.error(error.message);
    else console.error(`Migration of ${redact(databaseUrl)} failed:`, error);
    process.exit(1);
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) void main();
