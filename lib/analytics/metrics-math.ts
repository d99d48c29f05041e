import { dayKey, shiftDayKey, wallClock } from "@/lib/schedule/calendar";
import {
  BEST_TIME_MIN_POSTS,
  engagementRate,
  overviewCards,
  type AnalyticsOverview,
  type BestTimeCell,
  type BestTimes,
  type Change,
  type Interval,
  type OverviewCard,
  type PerformancePoint,
} from "./schemas";

/**
 * The arithmetic of analytics, pure so it is unit-tested: readings to deltas, sums to an overview
 * with its change against the previous period, the best-time grid, the sync's schedule.
 */

export interface Figures {
  views: number;
  likes: number;
  comments: number;
  shares: number;
  reach: number;
}

/** The local calendar day of an instant in an IANA zone, `YYYY-MM-DD` (as Postgres's `AT TIME ZONE`). */
export const localDay = (at: Date, timeZone: string) => dayKey(wallClock(at, timeZone));

export const ZERO: Figures = { views: 0, likes: 0, comments: 0, shares: 0, reach: 0 };

/** A page's reading: views and reach are null where the platform does not give them (unavailable). */
export interface Reading extends Omit<Figures, "views" | "reach"> {
  views: number | null;
  reach: number | null;
}

/**
 * What an unavailable figure adds: nothing. A known one after an unavailable one counts whole, as
 * the first reading of a page does (ingest.ts and its rebuild from snapshots agree on this).
 */
const grown = (previous: number | null, next: number | null) => (next === null ? 0 : next - (previous ?? 0));

/** What a new cumulative reading adds to the previous one (negative when people unlike). */
export function delta(previous: Reading, next: Reading): Figures {
  return {
    views: grown(previous.views, next.views),
    likes: next.likes - previous.likes,
    comments: next.comments - previous.comments,
    shares: next.shares - previous.shares,
    reach: grown(previous.reach, next.reach),
  };
}

export function add(a: Figures, b: Figures): Figures {
  return {
    views: a.views + b.views,
    likes: a.likes + b.likes,
    comments: a.comments + b.comments,
    shares: a.shares + b.shares,
    reach: a.reach + b.reach,
  };
}

/** (this − previous) / previous; null without a previous period or when it was 0. */
export function change(current: number, previous: number | null): Change {
  if (previous === null || previous === 0) return null;
  return (current - previous) / previous;
}

type CardValues = Omit<AnalyticsOverview, "change" | "range">;

export function cardValues(sums: Figures, posts: number): CardValues {
  return {
    totalViews: sums.views,
    totalLikes: sums.likes,
    totalShares: sums.shares,
    totalComments: sums.comments,
    avgEngagementRate: engagementRate(sums),
    totalReach: sums.reach,
    totalPosts: posts,
  };
}

/** Each card's change against the previous period's value; all null when there is none (all time). */
export function cardChanges(current: CardValues, previous: CardValues | null): Record<OverviewCard, Change> {
  return Object.fromEntries(
    overviewCards.map((card) => [card, change(current[card], previous ? previous[card] : null)]),
  ) as Record<OverviewCard, Change>;
}

export interface BestTimeRow {
  /** 0 = Monday … 6 = Sunday, local. */
  weekday: number;
  hour: number;
  posts: number;
  views: number;
  interactions: number;
}

/** The weekday × hour grid; hidden (`available: false`) below BEST_TIME_MIN_POSTS posts with views. */
export function bestTimeGrid(rows: BestTimeRow[], timeZone: string): BestTimes {
  const totalPosts = rows.reduce((sum, row) => sum + row.posts, 0);
  const cells: BestTimeCell[] = rows
    .filter((row) => row.posts > 0)
    .map((row) => ({
      weekday: row.weekday,
      hour: row.hour,
      posts: row.posts,
      engagementRate: row.views > 0 ? row.interactions / row.views : 0,
    }))
    .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
  const available = totalPosts >= BEST_TIME_MIN_POSTS;
  return { available, minPosts: BEST_TIME_MIN_POSTS, totalPosts, timeZone, cells: available ? cells : [] };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How often a page is read, by the post's age; after 90 days it is not read any more. */
export const SYNC_STAGES = [
  { until: DAY, every: 15 * MINUTE },
  { until: 7 * DAY, every: HOUR },
  { until: 90 * DAY, every: DAY },
] as const;

/**
 * The next read of a page published at `publishedAt`, after `now`. Reads fall on a grid of the
 * stage's interval shifted by the page's phase in [0, 1) (server/sync-phase.ts: a hash of the
 * account and page): every read of one page in a stage lands on its grid, and pages are spread over
 * the interval (posts made at 09:00 do not all sync at 09:15:00). Migration 0013's trigger puts the
 * first read on the same grid in SQL. Null: no more reads.
 */
export function nextSyncAt(publishedAt: Date, now: Date, phase: number): Date | null {
  const age = now.getTime() - publishedAt.getTime();
  const stage = SYNC_STAGES.find((candidate) => age < candidate.until);
  if (!stage) return null;
  const shift = Math.floor(phase * stage.every);
  const next = Math.floor((now.getTime() - shift) / stage.every + 1) * stage.every + shift;
  if (next - publishedAt.getTime() > SYNC_STAGES[SYNC_STAGES.length - 1]!.until) return null;
  return new Date(next);
}

/** Reads one page gets over its life: the sync's cost per post (the benchmark's arithmetic). */
export function readsPerPost(): number {
  let reads = 0;
  let from = 0;
  for (const stage of SYNC_STAGES) {
    reads += (stage.until - from) / stage.every;
    from = stage.until;
  }
  return reads;
}

/** The interval's first day (weeks from Monday, months from the 1st), as date_trunc gives it. */
export function intervalStart(day: string, interval: Interval): string {
  if (interval === "month") return `${day.slice(0, 8)}01`;
  if (interval === "week") {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    return shiftDayKey(day, -weekday)!;
  }
  return day;
}

function nextInterval(day: string, interval: Interval): string {
  if (interval === "day") return shiftDayKey(day, 1)!;
  if (interval === "week") return shiftDayKey(day, 7)!;
  const [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  return month === 12
    ? `${String(year + 1).padStart(4, "0")}-01-01`
    : `${day.slice(0, 5)}${String(month + 1).padStart(2, "0")}-01`;
}

/** Every interval from `from` to `to`, zeros where nothing happened, so a chart's x axis is even. */
export function fillIntervals(
  points: PerformancePoint[],
  from: string,
  to: string,
  interval: Interval,
): PerformancePoint[] {
  const byDate = new Map(points.map((point) => [point.date, point]));
  const filled: PerformancePoint[] = [];
  for (let day = intervalStart(from, interval); day <= to; day = nextInterval(day, interval))
    filled.push(byDate.get(day) ?? { date: day, views: 0, likes: 0, comments: 0, shares: 0 });
  return filled;
}
