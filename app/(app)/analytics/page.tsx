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
import { getRenderActor } from "@/lib/auth/server/render-session";

export const metadata = { title: "Analytics" };

/**
 * The first range's cards, series, platforms, top posts and best times are answered here, with the
 * page, as the analytics API answers the same keys. The range ends at the server's
 * `now`, which the view starts from too, so both sides key the same range.
 */
async function analyticsQueries(workspaceId: string, now: Date): Promise<PrefilledEntries> {
  const range = rangeFor(DEFAULT_RANGE, now);
  const query = dateRangeSchema.parse(range);
  const [overview, performance, platforms, topPosts, bestTimes] = await Promise.all([
    getOverview(workspaceId, query),
    getPerformance(workspaceId, performanceQuerySchema.parse({ ...range, interval: "day" })),
    getPlatformStats(workspaceId, query),
    getTopPosts(workspaceId, topPostsQuerySchema.parse({ ...range, limit: 10, sortBy: "views" })),
    getBestTimes(workspaceId, query),
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
  const actor = await getRenderActor();
  if (!actor) return null;
  const now = new Date();
  return (
    <>
      <AnalyticsSeenMark />
      <PrefilledQueries workspaceId={actor.workspaceId} read={() => analyticsQueries(actor.workspaceId, now)}>
        <AnalyticsView startedAt={now.getTime()} />
      </PrefilledQueries>
    </>
  );
}
