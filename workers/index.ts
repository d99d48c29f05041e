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

const HEARTBEAT_INTERVAL_MS = 15_000;
const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
const startedAt = new Date();

async function beat() {
  try {
    await writeHeartbeat(workerId, startedAt);
  } catch (error) {
    console.error("[worker] heartbeat failed", error);
  }
}

await beat();
const heartbeat = setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS);
console.log(`[worker] ${workerId} started`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[worker] ${signal}: shutting down`);
  clearInterval(heartbeat);
  await removeHeartbeat(workerId).catch(() => undefined);
  await Promise.allSettled([closeDb(), closeRedis()]);
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
