import type { DataResponse } from "@/lib/api-response";
import { http, type HttpClient } from "@/lib/client/http";
import { analyticsPaths } from "@/lib/analytics/constants";
import type {
  AnalyticsOverview,
  BestTimes,
  DashboardActivity,
  DateRangeQuery,
  Interval,
  PerformancePoint,
  PlatformStat,
  TopPost,
  TopPostSort,
} from "@/lib/analytics/schemas";

/**
 * The browser's calls to /api/analytics (spec section 7, "Analytics (GET)"). Every call takes the
 * page's range as ISO instants; an empty range (All Time) sends no dates.
 */

/** The http client adds its own /api prefix; the contract's paths carry it. */
const apiPath = (path: string) => path.replace(/^\/api/, "");

export async function getOverview(range: DateRangeQuery, client: HttpClient = http): Promise<AnalyticsOverview> {
  const response = await client.get<DataResponse<AnalyticsOverview>>(apiPath(analyticsPaths.overview), {
    query: { ...range },
  });
  return response.data;
}

export async function getPerformance(
  range: DateRangeQuery,
  interval: Interval = "day",
  client: HttpClient = http,
): Promise<PerformancePoint[]> {
  const response = await client.get<DataResponse<PerformancePoint[]>>(apiPath(analyticsPaths.performance), {
    query: { ...range, interval },
  });
  return response.data ?? [];
}

export async function getPlatformStats(range: DateRangeQuery, client: HttpClient = http): Promise<PlatformStat[]> {
  const response = await client.get<DataResponse<PlatformStat[]>>(apiPath(analyticsPaths.platforms), {
    query: { ...range },
  });
  return response.data ?? [];
}

/** The page asks for the top 10 by views (spec section 7). */
export async function getTopPosts(
  range: DateRangeQuery,
  options: { limit?: number; sortBy?: TopPostSort } = {},
  client: HttpClient = http,
): Promise<TopPost[]> {
  const response = await client.get<DataResponse<TopPost[]>>(apiPath(analyticsPaths.topPosts), {
    query: { ...range, limit: options.limit ?? 10, sortBy: options.sortBy ?? "views" },
  });
  return response.data ?? [];
}

export async function getBestTimes(range: DateRangeQuery, client: HttpClient = http): Promise<BestTimes> {
  const response = await client.get<DataResponse<BestTimes>>(apiPath(analyticsPaths.bestTimes), {
    query: { ...range },
  });
  return response.data;
}

/** The dashboard's Recent Activity (real events) and its AI Conversations count. */
export async function getDashboardActivity(client: HttpClient = http): Promise<DashboardActivity> {
  const response = await client.get<DataResponse<DashboardActivity>>(apiPath(analyticsPaths.activity));
  return response.data;
}

/** PATCH /api/auth/user { timeZone }: the zone the user's analytics days are counted in. */
export async function updateTimeZone(timeZone: string, client: HttpClient = http): Promise<string> {
  const response = await client.request<DataResponse<{ timeZone: string }>>(apiPath(analyticsPaths.userTimeZone), {
    method: "PATCH",
    json: { timeZone },
  });
  return response.data.timeZone;
}

/** The address of a CSV download for the range (a plain link: the browser sends the session cookie). */
export function exportUrl(kind: "topPosts" | "daily", range: DateRangeQuery): string {
  const path = kind === "topPosts" ? analyticsPaths.exportTopPosts : analyticsPaths.exportDaily;
  const search = new URLSearchParams();
  if (range.startDate) search.set("startDate", range.startDate);
  if (range.endDate) search.set("endDate", range.endDate);
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
