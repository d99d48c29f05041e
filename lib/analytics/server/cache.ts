import { eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { analyticsVersions, workspaces } from "@/db/schema";
import { localDay } from "../metrics-math";

/**
 * Each workspace's analytics answers, kept in this process until the next write that can change them.
 * The key holds the workspace's analytics version (`analytics_versions`, bumped by database triggers on
 * every write an answer reads: metric ingest, publishing, post edits and deletes, time zone
 * changes; at commit (migration 0010), or for a published page's new metrics row in the publishing
 * statement (migration 0017)), the zone, today's local day (so "all time" and open ranges
 * move on at midnight) and the query. Reading the version is the one query a cached answer costs;
 * it is the same query that read the time zone before. Several processes each keep their own
 * entries and stay correct, since the version lives in Postgres.
 *
 * Race: an answer computed while a write commits may hold newer data than its version says; it is
 * stored under the older version, which the next request no longer asks for. Never older data
 * under a newer version: the version is read before the data.
 */

export interface AnalyticsScope {
  timeZone: string;
  version: number;
}

interface Entry {
  value: unknown;
  size: number;
}

/** Bounds: entries and approximate characters (JSON length of the answer). */
const MAX_ENTRIES = 2_000;
const MAX_SIZE = 32 * 1024 * 1024;

const entries = new Map<string, Entry>();
let totalSize = 0;
/** The last version seen per workspace: a newer one drops that workspace's older entries at once. */
const seenVersion = new Map<string, number>();

export async function analyticsScope(workspaceId: string): Promise<AnalyticsScope> {
  // The version is the sum of the workspace's slots (migration 0012); it grows with every bump.
  const version = db
    .select({ value: sql`coalesce(sum(${analyticsVersions.version}), 0)::float8` })
    .from(analyticsVersions)
    .where(eq(analyticsVersions.workspaceId, workspaces.id));
  const [row] = await db
    .select({ timeZone: workspaces.timeZone, version: sql<number>`(${version})`.mapWith(Number) })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return { timeZone: row?.timeZone ?? "UTC", version: row?.version ?? 0 };
}

function forget(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  totalSize -= entry.size;
}

function dropUser(workspaceId: string): void {
  const prefix = `${workspaceId}\u0000`;
  for (const key of [...entries.keys()]) if (key.startsWith(prefix)) forget(key);
}

function store(key: string, value: unknown): void {
  const size = typeof value === "string" ? value.length : (JSON.stringify(value)?.length ?? 0);
  if (size > MAX_SIZE / 4) return;
  forget(key);
  entries.set(key, { value, size });
  totalSize += size;
  // Map order is insertion order, and a hit re-inserts: the first keys are the least recently used.
  for (const oldest of entries.keys()) {
    if (entries.size <= MAX_ENTRIES && totalSize <= MAX_SIZE) break;
    forget(oldest);
  }
}

/**
 * `compute` answers `query` for the workspace in its zone; the wrapped function answers from the
 * cache while nothing the answer reads has changed. Answers are shared: callers must not mutate them.
 */
export function cachedAnalytics<Q extends object, T>(
  name: string,
  compute: (workspaceId: string, query: Q, timeZone: string) => Promise<T>,
): (workspaceId: string, query: Q) => Promise<T> {
  return async (workspaceId, query) => {
    const { timeZone, version } = await analyticsScope(workspaceId);
    const previous = seenVersion.get(workspaceId);
    if (previous === undefined || version > previous) {
      if (previous !== undefined) dropUser(workspaceId);
      if (seenVersion.size >= MAX_ENTRIES) seenVersion.clear();
      seenVersion.set(workspaceId, version);
    }
    const key = [workspaceId, version, name, timeZone, localDay(new Date(), timeZone), JSON.stringify(query)].join(
      "\u0000",
    );
    const hit = entries.get(key);
    if (hit) {
      entries.delete(key);
      entries.set(key, hit);
      return hit.value as T;
    }
    const value = await compute(workspaceId, query, timeZone);
    store(key, value);
    return value;
  };
}

/** For tests and the bench: empties this process's cache. */
export function clearAnalyticsCache(): void {
  entries.clear();
  seenVersion.clear();
  totalSize = 0;
}
