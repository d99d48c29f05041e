import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { env } from "@/lib/server/env";
import { connectionOptions } from "./connection-options";
import * as schema from "./schema";

/**
 * The app's connection pool and drizzle client, and a second pair for the statements whose
 * plan is the same whatever their values (plannedOnceDb). Next.js dev re-evaluates modules on every
 * edit; keeping the pools on globalThis stops each reload from opening more connections.
 */

const globalForDb = globalThis as typeof globalThis & { postloomPool?: pg.Pool; postloomPlannedOncePool?: pg.Pool };

function createPool(max: number, sessionSettings?: string): pg.Pool {
  const created = new pg.Pool({
    connectionString: env.DATABASE_URL,
    max,
    ...connectionOptions(env.METRICS_FIRST_READ),
    // Run on each new connection before the pool hands it out (a connection they fail on is dropped
    // and the error given to its first caller). Not as startup options: a pooler in front of
    // Postgres may refuse those (connection-options.ts).
    ...(sessionSettings && {
      onConnect: async (client: pg.ClientBase) => {
        await client.query(sessionSettings);
      },
    }),
  });
  // An idle client losing its connection (Postgres restart) emits "error" on the pool; unhandled, it
  // would crash the process. The pool discards that client and opens a new one on the next query.
  created.on("error", (error) => console.error("[db] idle client error", error));
  return created;
}

/**
 * No JIT compilation on any connection of the app: Postgres compiles a statement whose plan costs
 * more than `jit_above_cost`, which its reads of a large account cross, and compiling takes longer
 * than it saves below seconds of work (Analytics' best times for 10,000 posts: 12 of its 44 ms).
 */
const APP_SESSION = "set jit = off";

const pool = globalForDb.postloomPool ?? createPool(10, APP_SESSION);
if (env.NODE_ENV !== "production") globalForDb.postloomPool = pool;

export const db = drizzle({ client: pool, schema });

/**
 * Connections on which a prepared statement is planned once, when first run, and that plan kept
 * (`plan_cache_mode = force_generic_plan`). For statements whose best plan does not depend on their
 * values, such as a page of a user's posts (an index scan of that user's posts in the list's
 * order, whoever the user and wherever the page). Left to choose, Postgres plans those again on
 * every run: a plan for an unknown LIMIT and OFFSET is costed as if it read a tenth of the table,
 * never cheaper than one for the values at hand, so it never keeps one (0.3-0.5 ms of planning of
 * the list's 1.2 ms). A kept plan costed that high also crosses
 * `jit_above_cost`, and would be compiled again on every run (30 ms) but for APP_SESSION. The app's
 * other statements stay on `db`, where a plan may depend on the values (a status with its own
 * partial index). Made on first use: the workers never open it.
 */
export function plannedOnceDb(): Database {
  plannedOnce ??= drizzle({ client: plannedOncePool(), schema });
  return plannedOnce;
}

let plannedOnce: Database | undefined;

function plannedOncePool(): pg.Pool {
  const made =
    globalForDb.postloomPlannedOncePool ?? createPool(10, `${APP_SESSION}; set plan_cache_mode = force_generic_plan`);
  if (env.NODE_ENV !== "production") globalForDb.postloomPlannedOncePool = made;
  return made;
}

export type Database = typeof db;

/** The `tx` of `db.transaction(async (tx) => …)`, for functions that run inside a caller's transaction. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Ends the pools (workers on shutdown, test teardown). The module cannot be used afterwards. */
export async function closeDb(): Promise<void> {
  if (globalForDb.postloomPool === pool) delete globalForDb.postloomPool;
  const plannedOncePool = plannedOnce?.$client;
  if (plannedOncePool && globalForDb.postloomPlannedOncePool === plannedOncePool)
    delete globalForDb.postloomPlannedOncePool;
  await Promise.all([pool.end(), plannedOncePool?.end()]);
}
