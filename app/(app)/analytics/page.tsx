import { AnalyticsSeenMark } from "@/components/analytics/analytics-seen-mark";
import { AnalyticsView } from "@/components/analytics/analytics-view";
import { PrefilledQueries, type PrefilledEntries } from "@/components/providers/prefilled-queries";
import { DEFAULT_RANGE, rangeFor } from "@/lib/analytics/display";
import { analyticsKeys } from "@/lib/analytics/query-keys";
import { dateRangeSchema, performanceQuerySchema, topPostsQuerySchema } from "@/lib/analytics/schemas";
import {
  getBestTimes,
  getOverview,
  getPerformance,
  getPlatformStats,
  getTopPosts,
} from "@/lib/analytics/server/queries";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";

export const metadata = { title: "Analytics" };

/**
 * The first range's cards, series, platforms, top posts and best times are answered here, with the
 * page, as the analytics API answers the same keys. The range ends at the server's
 * `now`, which the view starts from too, so both sides key the same range.
 */
async function analyticsQueries(userId: string, now: Date): Promise<PrefilledEntries> {
  const range = rangeFor(DEFAULT_RANGE, now);
  const query = dateRangeSchema.parse(range);
  const [overview, performance, platforms, topPosts, bestTimes] = await Promise.all([
    getOverview(userId, query),
    getPerformance(userId, performanceQuerySchema.parse({ ...range, interval: "day" })),
    getPlatformStats(userId, query),
    getTopPosts(userId, topPostsQuerySchema.parse({ ...range, limit: 10, sortBy: "views" })),
    getBestTimes(userId, query),
  ]);
  return [
    [analyticsKeys.overview(range), overview],
    [analyticsKeys.performance(range), performance],
    [analyticsKeys.platforms(range), platforms],
    [analyticsKeys.topPosts(range), topPosts],
    [analyticsKeys.bestTimes(range), bestTimes],
  ];
}

export default async function AnalyticsPage() {
  // The signed-in layout has sent a visitor home already; the user is known here.
  const user = await getRenderSessionUser();
  if (!user) return null;
  const now = new Date();
  return (
    <>
      <AnalyticsSeenMark />
      <PrefilledQueries read={() => analyticsQueries(user.id, now)}>
        <AnalyticsView startedAt={now.getTime()} />
      </PrefilledQueries>
    </>
  );
}
