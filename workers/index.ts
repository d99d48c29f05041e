import { randomUUID } from "node:crypto";
import { hostname } from "node:os";

/**
 * The worker process: publishes scheduled posts and syncs metrics (queues arrive with the
 * publishing issue). It writes a heartbeat every 15 s so /api/health can tell it is alive, and on
 * SIGTERM/SIGINT it stops taking work, finishes what it holds, and exits.
 */

try {
  process.loadEnvFile();
} catch {
  // No .env: the environment is already set (tests, production).
}

const { closeDb } = await import("@/db");
const { closeRedis } = await import("@/lib/redis");
const { removeHeartbeat, writeHeartbeat } = await import("@/lib/ops/heartbeat");
const { startPublishWorker } = await import("./processors/publish-post");
const { reconcile } = await import("@/lib/publishing/reconcile");
const { closePublishQueue } = await import("@/lib/queue/publish-queue");

const HEARTBEAT_INTERVAL_MS = 15_000;
const RECONCILE_INTERVAL_MS = 60_000;
const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
const startedAt = new Date();

async function beat() {
  try {
    await writeHeartbeat(workerId, startedAt);
  } catch (error) {
    console.error("[worker] heartbeat failed", error);
  }
}

async function reconcileSafely() {
  try {
    const report = await reconcile();
    if (report.removedOrphans || report.expired) console.log("[worker] reconciled", report);
  } catch (error) {
    console.error("[worker] reconcile failed", error);
  }
}

await beat();
const heartbeat = setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS);
const publisher = startPublishWorker();
publisher.on("failed", (job, error) => console.error(`[worker] job ${job?.id} failed`, error));
await reconcileSafely();
const reconciler = setInterval(() => void reconcileSafely(), RECONCILE_INTERVAL_MS);
console.log(`[worker] ${workerId} started`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[worker] ${signal}: shutting down`);
  clearInterval(heartbeat);
  clearInterval(reconciler);
  // Finishes the jobs in hand; unfinished ones return to the queue for another worker.
  await publisher.close().catch(() => undefined);
  await closePublishQueue().catch(() => undefined);
  await removeHeartbeat(workerId).catch(() => undefined);
  await Promise.allSettled([closeDb(), closeRedis()]);
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
