import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { metricDaily, posts, targetMetrics } from "@/db/schema";
import { shiftDayKey } from "@/lib/schedule/calendar";
import type { SocialPlatform } from "@/lib/social/schemas";
import { bestTimeGrid, cardChanges, cardValues, fillIntervals, ZERO, type BestTimeRow } from "../metrics-math";
import {
  engagementRate,
  type AnalyticsOverview,
  type BestTimes,
  type DateRangeQuery,
  type Interval,
  type PerformancePoint,
  type PlatformStat,
  type TopPost,
  type TopPostSort,
} from "../schemas";
import { cachedAnalytics } from "./cache";
import { daysBetween, resolveRange, type DayRange } from "./range";

/**
 * The analytics reads, each scoped by the owner. Engagement comes from the daily rollups
 * (metric_daily: growth per local day), post counts and rankings from target_metrics and the
 * posts' sums. See lib/analytics/schemas.ts for what a range means.
 */

/** Every read below is wrapped by cachedAnalytics: answered from memory until the workspace's data changes. */

const sums = {
  views: sql<number>`coalesce(sum(${metricDaily.views}), 0)::int`,
  likes: sql<number>`coalesce(sum(${metricDaily.likes}), 0)::int`,
  comments: sql<number>`coalesce(sum(${metricDaily.comments}), 0)::int`,
  shares: sql<number>`coalesce(sum(${metricDaily.shares}), 0)::int`,
  reach: sql<number>`coalesce(sum(${metricDaily.reach}), 0)::int`,
};

function dayFilter(workspaceId: string, startDay: string | null, endDay: string): SQL {
  return and(
    eq(metricDaily.workspaceId, workspaceId),
    startDay ? gte(metricDaily.day, startDay) : undefined,
    lt(metricDaily.day, shiftDayKey(endDay, 1)!),
  )!;
}

function publishedFilter(workspaceId: string, startAt: Date | null, endAt: Date): SQL {
  return and(
    eq(targetMetrics.workspaceId, workspaceId),
    startAt ? gte(targetMetrics.publishedAt, startAt) : undefined,
    lt(targetMetrics.publishedAt, endAt),
  )!;
}

async function periodFigures(
  workspaceId: string,
  startDay: string | null,
  endDay: string,
  startAt: Date | null,
  endAt: Date,
) {
  const [[figures], [counted]] = await Promise.all([
    db
      .select(sums)
      .from(metricDaily)
      .where(dayFilter(workspaceId, startDay, endDay)),
    db
      .select({ posts: sql<number>`count(distinct ${targetMetrics.postId})::int` })
      .from(targetMetrics)
      .where(publishedFilter(workspaceId, startAt, endAt)),
  ]);
  return cardValues(figures ?? ZERO, counted?.posts ?? 0);
}

export const getOverview = cachedAnalytics(
  "overview",
  async function overview(workspaceId: string, query: DateRangeQuery, timeZone: string): Promise<AnalyticsOverview> {
    const range = resolveRange(query, timeZone);
    const [current, previous] = await Promise.all([
      periodFigures(workspaceId, range.startDay, range.endDay, range.startAt, range.endAt),
      range.previous
        ? periodFigures(
            workspaceId,
            range.previous.startDay,
            range.previous.endDay,
            range.previous.startAt,
            range.previous.endAt,
          )
        : null,
    ]);
    return { ...current, change: cardChanges(current, previous), range: rangeOut(range) };
  },
);

const rangeOut = (range: DayRange) => ({
  start: range.startAt?.toISOString() ?? null,
  end: range.endAt.toISOString(),
  timeZone: range.timeZone,
});

/** Longest range whose empty intervals are filled in with zeros; past it only intervals with data show. */
const MAX_FILLED_DAYS = 3_660;

export const getPerformance = cachedAnalytics(
  "performance",
  async function performance(
    workspaceId: string,
    query: DateRangeQuery & { interval: Interval },
    timeZone: string,
  ): Promise<PerformancePoint[]> {
    const range = resolveRange(query, timeZone);
    // The interval is one of three words (zod enum), written inline so GROUP BY matches the select.
    const bucket = sql<string>`to_char(date_trunc('${sql.raw(query.interval)}', ${metricDaily.day}), 'YYYY-MM-DD')`;
    const rows = await db
      .select({ date: bucket, ...sums })
      .from(metricDaily)
      .where(dayFilter(workspaceId, range.startDay, range.endDay))
      .groupBy(bucket)
      .orderBy(bucket);
    const points = rows.map(({ reach: _reach, ...point }) => point);
    const first = range.startDay ?? points[0]?.date;
    if (!first || daysBetween(first, range.endDay) > MAX_FILLED_DAYS) return points;
    return fillIntervals(points, first, range.endDay, query.interval);
  },
);

export const getPlatformStats = cachedAnalytics(
  "platforms",
  async function platformStats(workspaceId: string, query: DateRangeQuery, timeZone: string): Promise<PlatformStat[]> {
    const range = resolveRange(query, timeZone);
    const [figures, counts] = await Promise.all([
      db
        .select({ platform: metricDaily.platform, ...sums })
        .from(metricDaily)
        .where(dayFilter(workspaceId, range.startDay, range.endDay))
        .groupBy(metricDaily.platform),
      db
        .select({ platform: targetMetrics.platform, posts: sql<number>`count(distinct ${targetMetrics.postId})::int` })
        .from(targetMetrics)
        .where(publishedFilter(workspaceId, range.startAt, range.endAt))
        .groupBy(targetMetrics.platform),
    ]);
    const stats = new Map<SocialPlatform, PlatformStat>();
    const entry = (platform: SocialPlatform) =>
      stats.get(platform) ?? { platform, views: 0, likes: 0, shares: 0, comments: 0, posts: 0, avgEngagementRate: 0 };
    for (const row of figures) {
      const { platform, reach: _reach, ...rest } = row;
      stats.set(platform, { ...entry(platform), ...rest, avgEngagementRate: engagementRate(rest) });
    }
    for (const row of counts) stats.set(row.platform, { ...entry(row.platform), posts: row.posts });
    return [...stats.values()]
      .filter((stat) => stat.posts > 0 || stat.views + stat.likes + stat.shares + stat.comments !== 0)
      .sort((a, b) => b.views - a.views || a.platform.localeCompare(b.platform));
  },
);

/**
 * One rule for every endpoint: a post counts wherever any of its pages is published (it has a
 * target_metrics row, written when a page is published), whatever its overall status, since a
 * post that failed on one page but went out on another has real figures; and it counts in a range
 * when one of its pages went out in it (as Total Posts and Platform Distribution count it, see
 * publishedFilter). Its time is when its first page went out.
 */
const firstPublishedAt = sql<Date>`(select min(tm.published_at) from ${targetMetrics} tm where tm.post_id = ${posts.id})`;

function publishedIn(workspaceId: string, startAt: Date | null, endAt: Date): SQL {
  return and(
    eq(posts.workspaceId, workspaceId),
    sql`exists (select 1 from ${targetMetrics} tm where tm.post_id = ${posts.id} and tm.workspace_id = ${workspaceId}
      ${startAt ? sql`and tm.published_at >= ${startAt}` : sql``} and tm.published_at < ${endAt})`,
  )!;
}

const rate = sql`(case when ${posts.viewsTotal} > 0 then (${posts.likesTotal} + ${posts.commentsTotal} + ${posts.sharesTotal})::float8 / ${posts.viewsTotal} else 0 end)`;
const TOP_ORDER: Record<TopPostSort, SQL> = {
  views: sql`${posts.viewsTotal} desc`,
  likes: sql`${posts.likesTotal} desc`,
  shares: sql`${posts.sharesTotal} desc`,
  comments: sql`${posts.commentsTotal} desc`,
  engagementRate: sql`${rate} desc`,
};

/** Posts with a page published in the range, ranked by their current totals (ties: newer first, then id). */
export const getTopPosts = cachedAnalytics(
  "top-posts",
  async function topPosts(
    workspaceId: string,
    query: DateRangeQuery & { limit: number; sortBy: TopPostSort },
    timeZone: string,
  ): Promise<TopPost[]> {
    const range = resolveRange(query, timeZone);
    const rows = await db
      .select({
        id: posts.id,
        content: posts.content,
        publishedAt: sql<string>`${firstPublishedAt}`,
        views: posts.viewsTotal,
        likes: posts.likesTotal,
        shares: posts.sharesTotal,
        comments: posts.commentsTotal,
        platforms: sql<SocialPlatform[]>`array(select distinct tm.platform::text from ${targetMetrics} tm
        where tm.post_id = ${posts.id} order by 1)`,
        removedOn: sql<SocialPlatform[]>`array(select distinct tm.platform::text from ${targetMetrics} tm
        where tm.post_id = ${posts.id} and tm.removed_at is not null order by 1)`,
        // No page of the post gives views (views_total then sums nothing): unavailable, not 0.
        viewsKnown: sql<boolean>`exists (select 1 from ${targetMetrics} tm
        where tm.post_id = ${posts.id} and tm.views is not null)`,
      })
      .from(posts)
      .where(publishedIn(workspaceId, range.startAt, range.endAt))
      .orderBy(TOP_ORDER[query.sortBy], sql`${firstPublishedAt} desc`, sql`${posts.id} desc`)
      .limit(query.limit);
    return rows.map((row) => {
      const figures = { views: row.views, likes: row.likes, shares: row.shares, comments: row.comments };
      const metrics = row.viewsKnown
        ? { ...figures, engagementRate: engagementRate(figures) }
        : { ...figures, views: null, engagementRate: null };
      return {
        _id: row.id,
        content: row.content,
        publishedAt: new Date(row.publishedAt).toISOString(),
        platforms: row.platforms,
        removedOn: row.removedOn,
        metrics,
      };
    });
  },
);

/** Engagement rate by local weekday and hour of publishing, over the workspace's posts with views. */
export const getBestTimes = cachedAnalytics(
  "best-times",
  async function bestTimes(workspaceId: string, query: DateRangeQuery, timeZone: string): Promise<BestTimes> {
    const range = resolveRange(query, timeZone);
    const local = sql`(${firstPublishedAt} at time zone ${timeZone})`;
    const weekday = sql<number>`(extract(isodow from ${local})::int - 1)`;
    const hour = sql<number>`extract(hour from ${local})::int`;
    const rows: BestTimeRow[] = await db
      .select({
        weekday,
        hour,
        posts: sql<number>`count(*)::int`,
        views: sql<number>`sum(${posts.viewsTotal})::float8`,
        interactions: sql<number>`sum(${posts.likesTotal} + ${posts.commentsTotal} + ${posts.sharesTotal})::float8`,
      })
      .from(posts)
      .where(and(publishedIn(workspaceId, range.startAt, range.endAt), sql`${posts.viewsTotal} > 0`))
      // By position: the zone is a parameter, and each mention of it is another one to Postgres.
      .groupBy(sql`1`, sql`2`);
    return bestTimeGrid(rows, timeZone);
  },
);

export interface DailyRow {
  date: string;
  platform: SocialPlatform;
  views: number;
  likes: number;
  comments: number;
  shares: number;
  reach: number;
}

/** The daily series per platform (the CSV export), oldest first; uncached (its CSV is cached). */
export async function getDailyRows(workspaceId: string, query: DateRangeQuery, timeZone: string): Promise<DailyRow[]> {
  const range = resolveRange(query, timeZone);
  return db
    .select({
      date: metricDaily.day,
      platform: metricDaily.platform,
      views: metricDaily.views,
      likes: metricDaily.likes,
      comments: metricDaily.comments,
      shares: metricDaily.shares,
      reach: metricDaily.reach,
    })
    .from(metricDaily)
    .where(dayFilter(workspaceId, range.startDay, range.endDay))
    .orderBy(metricDaily.day, metricDaily.platform);
}
