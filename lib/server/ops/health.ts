import { and, desc, lte, min, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { posts, workerHeartbeats } from "@/db/schema";
import { getAiModelStatus, type AiModelStatus } from "@/lib/ai/server/model-status";
import { env } from "@/lib/server/env";
import { versionWarnings, type VersionWarning } from "@/lib/networks/server/api-versions";
import { servedVersionWarnings, type ServedVersionWarning } from "@/lib/networks/facebook/server/served-versions";
import { listProviderAlerts, type ProviderAlert } from "@/lib/server/provider-alerts";
import { redis } from "@/lib/server/redis";

/** A worker that has not written its heartbeat for this long is presumed gone. */
export const WORKER_STALE_AFTER_MS = 60_000;

export interface HealthReport {
  status: "ok" | "degraded" | "down";
  database: { ok: boolean; error?: string };
  redis: { ok: boolean; error?: string };
  worker: { ok: boolean; count: number; lastSeenAt: string | null };
  oldestDuePost: { scheduledAt: string; overdueSeconds: number } | null;
  /**
   * The platform API versions configured, and a warning for each that stops within 60 days or that
   * the platform no longer serves (Graph answered with another version).
   */
  platformVersions: { facebook: string; linkedin: string; warnings: (VersionWarning | ServedVersionWarning)[] };
  /** Problems with a provider that only the operator can fix (credits used up, a model not served). */
  providerAlerts: ProviderAlert[];
  /** The configured AI model: still served by the provider, its shutdown date; null when offline. */
  ai: AiModelStatus | null;
}

const failure = (error: unknown) => ({ ok: false, error: error instanceof Error ? error.message : String(error) });

async function checkDatabase() {
  try {
    await db.execute(sql`select 1`);
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}

async function checkRedis() {
  try {
    await Promise.race([
      redis().ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("Redis did not answer within 2 s")), 2_000)),
    ]);
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}

export async function getHealthReport(now = new Date()): Promise<HealthReport> {
  const [database, redisCheck] = await Promise.all([checkDatabase(), checkRedis()]);
  let worker: HealthReport["worker"] = { ok: false, count: 0, lastSeenAt: null };
  let oldestDuePost: HealthReport["oldestDuePost"] = null;
  if (database.ok) {
    const freshSince = new Date(now.getTime() - WORKER_STALE_AFTER_MS);
    const beats = await db.select().from(workerHeartbeats).orderBy(desc(workerHeartbeats.lastSeenAt));
    const alive = beats.filter((beat) => beat.lastSeenAt >= freshSince);
    worker = { ok: alive.length > 0, count: alive.length, lastSeenAt: beats[0]?.lastSeenAt.toISOString() ?? null };
    const [due] = await db
      .select({ scheduledAt: min(posts.scheduledAt) })
      .from(posts)
      .where(and(eq(posts.status, "scheduled"), lte(posts.scheduledAt, now)));
    if (due?.scheduledAt) {
      oldestDuePost = {
        scheduledAt: due.scheduledAt.toISOString(),
        overdueSeconds: Math.round((now.getTime() - due.scheduledAt.getTime()) / 1000),
      };
    }
  }
  const status = !database.ok || !redisCheck.ok ? "down" : worker.ok ? "ok" : "degraded";
  const configured = { facebook: env.FACEBOOK_GRAPH_VERSION, linkedin: env.LINKEDIN_API_VERSION };
  const served = redisCheck.ok ? await servedVersionWarnings(configured.facebook).catch(() => []) : [];
  const platformVersions = { ...configured, warnings: [...versionWarnings(configured, now), ...served] };
  // Before the alerts: a model found not served is raised as one.
  const ai = await getAiModelStatus(now).catch(() => null);
  const providerAlerts = redisCheck.ok ? await listProviderAlerts(now).catch(() => []) : [];
  return { status, database, redis: redisCheck, worker, oldestDuePost, platformVersions, providerAlerts, ai };
}
