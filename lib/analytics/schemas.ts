import { z } from "zod";
import type { SocialPlatform } from "@/lib/social/schemas";

/**
 * The analytics contract (spec sections 3 and 7), shared by the route handlers and the
 * /analytics page. Figures come from the platforms through the metrics sync; days are the workspace's
 * local days (`users.time_zone`, IANA, default UTC).
 *
 * Meaning of a range: `startDate`/`endDate` select what happened inside it. Views, likes, shares,
 * comments and reach are the engagement gained inside the range (the growth of every published
 * page's figures, summed per local day); `totalPosts` counts the posts first published inside it.
 * No dates means all time: the figures are then the current totals. Engagement rate is
 * (likes + comments + shares) / views, a fraction (0.05 = 5 %); zero views give 0.
 */

import { analyticsMessages } from "./constants";

export { analyticsMessages, analyticsPaths } from "./constants";

/**
 * An ISO date (`2026-03-29`: that local day of the workspace, a start date from its first moment, an
 * end date to its last) or an ISO date-time with an offset or `Z` (that instant).
 */
const isoDateOrDateTime = (message: string) =>
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: message });

export const dateRangeSchema = z
  .object({
    startDate: isoDateOrDateTime(analyticsMessages.badStartDate).optional(),
    endDate: isoDateOrDateTime(analyticsMessages.badEndDate).optional(),
  })
  .refine(
    (q) => !q.startDate || !q.endDate || rangeStartMs(q.startDate) <= rangeStartMs(q.endDate),
    analyticsMessages.endBeforeStart,
  );
export type DateRangeQuery = z.infer<typeof dateRangeSchema>;

/** Compares the two ends in UTC; the server re-reads dates in the workspace's zone (a day's bounds). */
function rangeStartMs(value: string): number {
  return Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
}

export const intervals = ["day", "week", "month"] as const;
export type Interval = (typeof intervals)[number];

export const performanceQuerySchema = z
  .object({
    startDate: isoDateOrDateTime(analyticsMessages.badStartDate).optional(),
    endDate: isoDateOrDateTime(analyticsMessages.badEndDate).optional(),
    interval: z.enum(intervals, { error: analyticsMessages.badInterval }).default("day"),
  })
  .refine(
    (q) => !q.startDate || !q.endDate || rangeStartMs(q.startDate) <= rangeStartMs(q.endDate),
    analyticsMessages.endBeforeStart,
  );
export type PerformanceQuery = z.infer<typeof performanceQuerySchema>;

export const topPostSorts = ["views", "likes", "shares", "comments", "engagementRate"] as const;
export type TopPostSort = (typeof topPostSorts)[number];

export const topPostsQuerySchema = z
  .object({
    startDate: isoDateOrDateTime(analyticsMessages.badStartDate).optional(),
    endDate: isoDateOrDateTime(analyticsMessages.badEndDate).optional(),
    limit: z.coerce
      .number({ error: analyticsMessages.badLimit })
      .int({ error: analyticsMessages.badLimit })
      .min(1, { error: analyticsMessages.badLimit })
      .max(50, { error: analyticsMessages.badLimit })
      .default(10),
    sortBy: z.enum(topPostSorts, { error: analyticsMessages.badSortBy }).default("views"),
  })
  .refine(
    (q) => !q.startDate || !q.endDate || rangeStartMs(q.startDate) <= rangeStartMs(q.endDate),
    analyticsMessages.endBeforeStart,
  );
export type TopPostsQuery = z.infer<typeof topPostsQuerySchema>;

/** A zone the runtime knows (Intl), e.g. Europe/London; `UTC` is the default. */
export const timeZoneSchema = z
  .string({ error: analyticsMessages.badTimeZone })
  .min(1, { error: analyticsMessages.badTimeZone })
  .max(64, { error: analyticsMessages.badTimeZone })
  .refine(isTimeZone, { error: analyticsMessages.badTimeZone });

export const updateTimeZoneSchema = z.object({ timeZone: timeZoneSchema });
export type UpdateTimeZoneInput = z.infer<typeof updateTimeZoneSchema>;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** (likes + comments + shares) / views; zero views give 0, never NaN. */
export function engagementRate(m: { views: number; likes: number; comments: number; shares: number }): number {
  return m.views > 0 ? (m.likes + m.comments + m.shares) / m.views : 0;
}

// ── Answers (each inside `{ success: true, data }`) ─────────────────────────────────────────────

/** Change against the previous period of the same length, as a fraction (0.25 = +25 %). */
export type Change = number | null;

/** GET /api/analytics/overview → data */
export interface AnalyticsOverview {
  totalViews: number;
  totalLikes: number;
  totalShares: number;
  totalComments: number;
  /** A fraction: (likes + comments + shares) / views over the range. */
  avgEngagementRate: number;
  totalReach: number;
  totalPosts: number;
  /**
   * Per card, (this − previous) / previous over the previous period of the same length; null where
   * there is no previous period (all time) or it had nothing to compare with (previous 0). For the
   * engagement rate it is the change of the rate itself (0.012 → 0.015 gives 0.25).
   */
  change: Record<OverviewCard, Change>;
  /** The range actually used, as instants; null ends mean all time. */
  range: { start: string | null; end: string | null; timeZone: string };
}
export const overviewCards = [
  "totalViews",
  "totalLikes",
  "totalShares",
  "totalComments",
  "avgEngagementRate",
  "totalReach",
  "totalPosts",
] as const;
export type OverviewCard = (typeof overviewCards)[number];

/** GET /api/analytics/performance → data: PerformancePoint[], oldest first, one per interval. */
export interface PerformancePoint {
  /** The interval's first local day, `YYYY-MM-DD` (weeks start on Monday, months on the 1st). */
  date: string;
  views: number;
  likes: number;
  comments: number;
  shares: number;
}

/** GET /api/analytics/platforms → data: PlatformStat[], by views (then name). */
export interface PlatformStat {
  platform: SocialPlatform;
  views: number;
  likes: number;
  shares: number;
  comments: number;
  /** Posts published on this platform inside the range. */
  posts: number;
  avgEngagementRate: number;
}

export interface TopPostMetrics {
  /** null: no page of the post gives views (unavailable, not 0); the rate is null then too. */
  views: number | null;
  likes: number;
  shares: number;
  comments: number;
  engagementRate: number | null;
}

/** GET /api/analytics/top-posts → data: TopPost[] (current totals of posts published in the range). */
export interface TopPost {
  _id: string;
  content: string;
  publishedAt: string | null;
  platforms: SocialPlatform[];
  metrics: TopPostMetrics;
  /** Platforms where the post was deleted after publishing (its last figures are kept). */
  removedOn: SocialPlatform[];
}

/** Fewer published posts with views than this and the best-time panel is hidden. */
export const BEST_TIME_MIN_POSTS = 10;

/** GET /api/analytics/best-times → data */
export interface BestTimes {
  /** False while fewer than BEST_TIME_MIN_POSTS posts with views are behind the grid. */
  available: boolean;
  minPosts: number;
  totalPosts: number;
  timeZone: string;
  /** Only cells with posts; weekday 0 = Monday … 6 = Sunday, hour 0–23 local. */
  cells: BestTimeCell[];
}
export interface BestTimeCell {
  weekday: number;
  hour: number;
  posts: number;
  /** Views-weighted: (likes + comments + shares) / views over the cell's posts. */
  engagementRate: number;
}

export const activityKinds = ["published", "failed", "scheduled", "account_connected", "ai_draft"] as const;
export type ActivityKind = (typeof activityKinds)[number];

export interface ActivityItem {
  id: string;
  kind: ActivityKind;
  /** A sentence to show, e.g. "Published to Acme Page". */
  text: string;
  at: string;
  postId: string | null;
  platform: SocialPlatform | null;
}

/** GET /api/analytics/activity → data */
export interface DashboardActivity {
  items: ActivityItem[];
  aiConversations: number;
}
