/**
 * Which of a page's scripts the browser ran before its first contentful paint, read from the trace
 * of a Lighthouse audit (bench/lighthouse.ts). Lighthouse simulates LCP on its throttled network
 * and CPU from the observed, unthrottled page load: a script downloaded and run before the observed
 * paint counts as needed for it, one run after it is "definitely not render blocking" and left out
 * (lantern's FirstContentfulPaint.getRenderBlockingNodeData). Whether a page's scripts win that
 * race moves its LCP by up to 1.5 s between runs of one build (in one audit `/login` had 1/12 scripts
 * before the paint, LCP 0.99 s; `/analytics` 17/17, 2.76 s); it is not all of LCP (`/settings`
 * 0/17, still 2.06 s).
 */

interface TraceEvent {
  name: string;
  ts: number;
  pid: number;
  tid?: number;
  /** Complete events ("X") carry their duration in µs. */
  dur?: number;
  args?: { data?: { url?: string; requestId?: string; navigationId?: string; documentLoaderURL?: string } };
}

export interface PaintOrder {
  /** Milliseconds from the navigation's start to the first contentful paint (its presentation). */
  firstContentfulPaintMs: number;
  /** Milliseconds from the navigation's start to DOMContentLoaded. */
  domContentLoadedMs: number;
  /** Scripts (by URL) the page requested, and how many of them ran before that paint. */
  scripts: number;
  scriptsRunBeforePaint: number;
  /**
   * The longest stretch between the navigation's start and that paint in which the page's main
   * thread ran no task of 1 ms or more (shorter ones are IPC and timer bookkeeping). Long (session
   * 33: 696 ms, the page painted by its main thread at 285 ms) when the paint was held outside the
   * page, by Chromium's Paint Holding after Lighthouse's about:blank (docs/benchmarks.md).
   */
  mainThreadIdleBeforePaintMs: number;
}

/** The paint order of the audited navigation (the trace's one to an http URL); null if not found. */
export function paintOrder(events: TraceEvent[]): PaintOrder | null {
  const navigation = events.find(
    (event) => event.name === "navigationStart" && event.args?.data?.documentLoaderURL?.startsWith("http"),
  );
  const id = navigation?.args?.data?.navigationId;
  const paint = events.find((event) => event.name === "firstContentfulPaint" && event.args?.data?.navigationId === id);
  if (!navigation || !paint) return null;
  const loaded = events.find(
    (event) => event.name === "MarkDOMContent" && event.pid === navigation.pid && event.ts >= navigation.ts,
  );
  const requested = new Set(
    events
      .filter((event) => event.name === "ResourceSendRequest" && event.ts >= navigation.ts)
      .map((event) => event.args?.data?.url ?? "")
      .filter((url) => /\.m?js(\?|$)/.test(url)),
  );
  const runBefore = new Set(
    events
      .filter((event) => event.name === "EvaluateScript" && event.pid === navigation.pid && event.ts <= paint.ts)
      .map((event) => event.args?.data?.url ?? "")
      .filter((url) => requested.has(url)),
  );
  const since = (event: TraceEvent | undefined) => (event ? (event.ts - navigation.ts) / 1000 : NaN);
  return {
    firstContentfulPaintMs: since(paint),
    domContentLoadedMs: since(loaded),
    scripts: requested.size,
    scriptsRunBeforePaint: runBefore.size,
    mainThreadIdleBeforePaintMs: longestIdle(events, navigation, paint.ts) / 1000,
  };
}

/**
 * Idle time before the first paint above which the paint was held off the screen, not late in the
 * page: unheld loads idle 35–90 ms before their paint, held ones 450–1,010 ms (measured on this project's 2-core machines; Chromium's
 * Paint Holding with its async-script intervention, docs/benchmarks.md).
 */
const HELD_IDLE_MS = 300;

/** Whether Chromium held this load's first frame off the screen (its main thread idle before the paint). */
export function wasPaintHeld(paint: PaintOrder | null): boolean {
  return paint !== null && paint.mainThreadIdleBeforePaintMs >= HELD_IDLE_MS;
}

const BUSY_TASK_US = 1000;

/** The longest gap (µs) between the main thread's tasks of 1 ms or more from the navigation's start to `until`. */
function longestIdle(events: TraceEvent[], navigation: TraceEvent, until: number): number {
  const tasks = events
    .filter(
      (event) =>
        event.name === "RunTask" &&
        event.pid === navigation.pid &&
        event.tid === navigation.tid &&
        (event.dur ?? 0) >= BUSY_TASK_US &&
        event.ts >= navigation.ts &&
        event.ts < until,
    )
    .sort((a, b) => a.ts - b.ts);
  let busyUntil = navigation.ts;
  let longest = 0;
  for (const task of tasks) {
    longest = Math.max(longest, task.ts - busyUntil);
    busyUntil = Math.max(busyUntil, task.ts + (task.dur ?? 0));
  }
  return Math.max(longest, until - busyUntil);
}
