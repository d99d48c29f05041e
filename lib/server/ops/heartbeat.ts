import { hostname } from "node:os";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import { workerHeartbeats } from "@/db/schema";

/** The worker's sign of life, read by /api/health. */
export async function writeHeartbeat(workerId: string, startedAt: Date): Promise<void> {
  const now = new Date();
  await db
    .insert(workerHeartbeats)
    .values({ workerId, hostname: hostname(), pid: process.pid, startedAt, lastSeenAt: now })
    .onConflictDoUpdate({ target: workerHeartbeats.workerId, set: { lastSeenAt: now } });
}

export async function removeHeartbeat(workerId: string): Promise<void> {
  await db.delete(workerHeartbeats).where(eq(workerHeartbeats.workerId, workerId));
}
