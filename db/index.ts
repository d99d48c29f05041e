import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { env } from "@/lib/server/env";
import { connectionOptions } from "./connection-options";
import * as schema from "./schema";

/**
 * The app's one connection pool and drizzle client. Next.js dev re-evaluates modules on every edit;
 * keeping the pool on globalThis stops each reload from opening ten more connections.
 */

const globalForDb = globalThis as typeof globalThis & { postloomPool?: pg.Pool };

function createPool(): pg.Pool {
  const created = new pg.Pool({
    connectionString: env.DATABASE_URL,
    max: 10,
    ...connectionOptions(env.METRICS_FIRST_READ),
  });
  // An idle client losing its connection (Postgres restart) emits "error" on the pool; unhandled, it
  // would crash the process. The pool discards that client and opens a new one on the next query.
  created.on("error", (error) => console.error("[db] idle client error", error));
  return created;
}

const pool = globalForDb.postloomPool ?? createPool();
if (env.NODE_ENV !== "production") globalForDb.postloomPool = pool;

export const db = drizzle({ client: pool, schema });

export type Database = typeof db;

/** The `tx` of `db.transaction(async (tx) => …)`, for functions that run inside a caller's transaction. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Ends the pool (workers on shutdown, test teardown). The module cannot be used afterwards. */
export async function closeDb(): Promise<void> {
  if (globalForDb.postloomPool === pool) delete globalForDb.postloomPool;
  await pool.end();
}
