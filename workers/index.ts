import { randomUUID } from "node:crypto";
import { hostname } from "node:os";

/**
 * The worker process: publishes scheduled posts, and reads published posts' engagement from the
 * platforms (the metrics sync: its schedule is in Postgres, see lib/analytics/server/sync.ts), with
 * each account's own numbers once a day (lib/social/server/daily-refresh.ts). It writes a
 * heartbeat every second (lib/server/ops/heartbeat.ts) so /api/health can tell it is alive and
 * other workers can take over its pages soon after it dies, and sends nothing while that heartbeat
 * cannot be written. It rebuilds the queue from the database on start, every minute, and within a
 * few seconds of Redis losing it (reconcile). On SIGTERM/SIGINT it stops taking jobs, finishes the
 * pages it is publishing, hands the rest of those posts back to the queue, and exits. Once a day it
 * compares every paid subscription with Stripe (queue billing-reconcile). Every six hours it deletes
 * the activity log's events past their retention.
 */

try {
  process.loadEnvFile();
} catch {
  // No .env: the environment is already set (tests, production).
}

const { closeDb } = await import("@/db");
const { closeRedis } = await import("@/lib/server/redis");
const { startHeartbeat } = await import("@/lib/server/ops/heartbeat");
const { fencePlatformRequests } = await import("@/lib/networks/server/http");
const { startPublishWorker } = await import("./processors/publish-post");
const { startDispatcher } = await import("@/lib/publishing/server/dispatcher");
const { queueMayBeLost, reconcile } = await import("@/lib/publishing/server/reconcile");
const { closePublishQueue } = await import("@/lib/publishing/server/publish-queue");
const { runMetricsSync } = await import("@/lib/analytics/server/sync");
const { refreshStaleAccounts } = await import("@/lib/social/server/daily-refresh");
const { startBillingReconcileWorker } = await import("./processors/billing-reconcile");
const { closeBillingQueue, scheduleBillingReconcile } = await import("@/lib/billing/server/billing-queue");
const { pruneActivity } = await import("@/lib/activity/server/prune");

const RECONCILE_INTERVAL_MS = 60_000;
const WIPE_CHECK_INTERVAL_MS = 5_000;
/** How often due metrics reads are looked for (one indexed query when none are due). */
const METRICS_INTERVAL_MS = 5_000;
/** How often the activity log's expired events are deleted (lib/activity/server/prune.ts). */
const ACTIVITY_PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** Under the usual 30 s an orchestrator waits between SIGTERM and SIGKILL. */
const SHUTDOWN_GRACE_MS = 25_000;
const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
const startedAt = new Date();

// Before anything claims a page: claims record this heartbeat's id.
const heartbeat = await startHeartbeat(workerId, startedAt);
fencePlatformRequests(() => heartbeat.fence());

let reconciling: Promise<void> | undefined;
/** One run at a time in this process; the periodic and the wipe-triggered runs share it. */
function reconcileSafely(): Promise<void> {
  reconciling ??= (async () => {
    try {
      const report = await reconcile();
      if (report.removedOrphans || report.expired) console.log("[worker] reconciled", report);
    } catch (error) {
      console.error("[worker] reconcile failed", error);
    } finally {
      reconciling = undefined;
    }
  })();
  return reconciling;
}

let syncing: Promise<void> | undefined;
/** One metrics run at a time in this process; other workers claim other pages and accounts. */
function syncMetricsSafely(): Promise<void> {
  syncing ??= (async () => {
    try {
      const report = await runMetricsSync();
      if (report.failed || report.removed || report.stopped) console.log("[worker] metrics", report);
      // The accounts' own numbers (followers, posts): each at most once a day, as 'Refresh Data'.
      const accounts = await refreshStaleAccounts();
      if (accounts.failed) console.log("[worker] account refresh", accounts);
    } catch (error) {
      console.error("[worker] metrics sync failed", error);
    } finally {
      syncing = undefined;
    }
  })();
  return syncing;
}

let pruning: Promise<void> | undefined;
/** The activity log's retention: a delete by date, the same whichever worker runs it. */
function pruneActivitySafely(): Promise<void> {
  pruning ??= (async () => {
    try {
      const deleted = await pruneActivity();
      if (deleted) console.log(`[worker] activity log: ${deleted} expired events deleted`);
    } catch (error) {
      console.error("[worker] activity prune failed", error);
    } finally {
      pruning = undefined;
    }
  })();
  return pruning;
}

async function checkForWipe() {
  try {
    if (await queueMayBeLost()) {
      console.log("[worker] the publish queue is gone from Redis: rebuilding it from the database");
      await reconcileSafely();
    }
  } catch (error) {
    console.error("[worker] could not check the queue", error);
  }
}

const stopping = new AbortController();
const timers: NodeJS.Timeout[] = [];
const publisher = startPublishWorker(stopping.signal);
// The one path that sends: pages falling due, claimed a few seconds ahead and sent at their
// instant. The posts' jobs only recover what it leaves (docs/publishing.md › Dispatcher and jobs).
const dispatcher = startDispatcher(stopping.signal);
publisher.on("failed", (job, error) => console.error(`[worker] job ${job?.id} failed`, error));
// Daily: every paid subscription compared with Stripe (lib/billing/server/reconcile.ts).
const billing = startBillingReconcileWorker();
billing.on("failed", (job, error) => console.error(`[worker] billing job ${job?.id} failed`, error));

async function shutdown(signal: string) {
  if (stopping.signal.aborted) return;
  console.log(`[worker] ${signal}: shutting down`);
  stopping.abort();
  for (const timer of timers) clearInterval(timer);
  // Jobs in hand finish the page they are on and return the rest to the queue (see the processor);
  // the dispatcher's pages being sent finish, the ones claimed ahead go back to pending.
  // A platform call that hangs past the grace period is left to crash recovery: the job's lock
  // expires, another worker takes it, and looks the page up on the platform before publishing.
  const closed = await Promise.race([
    Promise.allSettled([publisher.close(), dispatcher.stop()]).then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), SHUTDOWN_GRACE_MS).unref()),
  ]);
  if (!closed)
    console.error(`[worker] jobs still running after ${SHUTDOWN_GRACE_MS / 1000} s; leaving them to another worker`);
  await billing.close().catch(() => undefined);
  await reconciling?.catch(() => undefined);
  await syncing?.catch(() => undefined);
  await pruning?.catch(() => undefined);
  await closePublishQueue().catch(() => undefined);
  await closeBillingQueue().catch(() => undefined);
  await heartbeat.stop().catch(() => undefined);
  await Promise.allSettled([closeDb(), closeRedis()]);
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await reconcileSafely();
await scheduleBillingReconcile().catch((error: unknown) =>
  console.error("[worker] could not schedule the daily billing reconcile", error),
);
// A SIGTERM during start-up has already begun the shutdown: start nothing more.
if (!stopping.signal.aborted) {
  timers.push(setInterval(() => void reconcileSafely(), RECONCILE_INTERVAL_MS));
  timers.push(setInterval(() => void checkForWipe(), WIPE_CHECK_INTERVAL_MS));
  timers.push(setInterval(() => void syncMetricsSafely(), METRICS_INTERVAL_MS));
  void pruneActivitySafely();
  timers.push(setInterval(() => void pruneActivitySafely(), ACTIVITY_PRUNE_INTERVAL_MS));
  console.log(`[worker] ${workerId} started`);
}
