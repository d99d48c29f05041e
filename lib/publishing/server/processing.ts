/**
 * A video the platform accepted and is still processing is looked at again by its id, never sent
 * again. Looks grow further apart the longer it takes (a tenth of the time so far, at most every 15
 * minutes, never sooner than the platform module asks), and after PROCESSING_GIVE_UP_MS the page fails with a reason instead of being polled
 * for ever: Facebook processes most videos in minutes, and one still processing after hours will
 * not finish. The accepted id is kept, so 'Publish again' follows the same video and never
 * uploads it twice.
 */

export const PROCESSING_GIVE_UP_MS = 6 * 60 * 60_000;
/** When the platform module names no time to look again. */
const DEFAULT_RECHECK_MS = 60_000;
const MAX_RECHECK_MS = 15 * 60_000;

export type ProcessingVerdict = { giveUp: true } | { giveUp: false; nextAttemptAt: Date };

/**
 * `sentAt` is when the video went out (its upload began), `platformResetAt` when the platform
 * module asked to look again.
 */
export function processingVerdict(
  sentAt: Date | null,
  platformResetAt: Date | undefined,
  now: Date,
): ProcessingVerdict {
  const elapsedMs = sentAt ? Math.max(0, now.getTime() - sentAt.getTime()) : 0;
  if (elapsedMs >= PROCESSING_GIVE_UP_MS) return { giveUp: true };
  const backoffMs = Math.min(MAX_RECHECK_MS, Math.floor(elapsedMs / 10));
  const asked = platformResetAt?.getTime() ?? now.getTime() + DEFAULT_RECHECK_MS;
  const at = Math.max(now.getTime() + backoffMs, asked);
  return { giveUp: false, nextAttemptAt: new Date(at) };
}
