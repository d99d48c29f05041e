import { createHash } from "node:crypto";

/**
 * Where in each read interval a page's metrics reads fall (metrics-math.ts nextSyncAt): the first
 * 32 bits of SHA-256 of `account id:page's platform id` (UTF-8), as a number in [0, 1). Migration
 * 0013's `metrics_phase()` computes the very same number in SQL for the first read, which its
 * trigger sets (tests/integration/analytics/first-read.test.ts holds the two equal).
 */
export function syncPhase(accountId: string, pageId: string): number {
  return createHash("sha256").update(`${accountId}:${pageId}`).digest().readUInt32BE(0) / 2 ** 32;
}
