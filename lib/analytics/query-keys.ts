import type { DateRangeQuery } from "./schemas";

/** TanStack Query keys of the analytics API, shared by the browser's hooks and the server's pages. */
export const analyticsKeys = {
  all: ["analytics"] as const,
  range: (range: DateRangeQuery) =>
    [...analyticsKeys.all, "range", range.startDate ?? null, range.endDate ?? null] as const,
  overview: (range: DateRangeQuery) => [...analyticsKeys.range(range), "overview"] as const,
  performance: (range: DateRangeQuery) => [...analyticsKeys.range(range), "performance", "day"] as const,
  platforms: (range: DateRangeQuery) => [...analyticsKeys.range(range), "platforms"] as const,
  topPosts: (range: DateRangeQuery) => [...analyticsKeys.range(range), "top-posts", 10, "views"] as const,
  bestTimes: (range: DateRangeQuery) => [...analyticsKeys.range(range), "best-times"] as const,
  activity: () => [...analyticsKeys.all, "activity"] as const,
};
