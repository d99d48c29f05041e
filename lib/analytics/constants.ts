/**
 * The analytics endpoints the browser calls and the messages: plain values, no zod, so the
 * dashboard, the app shell (which reads the activity and sets the time zone) and the Analytics page
 * do not ship the validation library in their first load. Re-exported by
 * lib/analytics/schemas.ts.
 */
export const analyticsPaths = {
  overview: "/api/analytics/overview",
  performance: "/api/analytics/performance",
  platforms: "/api/analytics/platforms",
  topPosts: "/api/analytics/top-posts",
  bestTimes: "/api/analytics/best-times",
  /** CSV downloads: `?startDate&endDate` like the others. */
  exportTopPosts: "/api/analytics/export/top-posts",
  exportDaily: "/api/analytics/export/daily",
  /** The dashboard's Recent Activity and AI Conversations card. */
  activity: "/api/analytics/activity",
  /** PATCH { timeZone } sets the workspace's zone (taken from the browser, changeable in Settings). */
  userTimeZone: "/api/auth/user",
} as const;

export const analyticsMessages = {
  badStartDate: "startDate must be an ISO date (2026-03-29) or date-time (2026-03-29T00:30:00Z).",
  badEndDate: "endDate must be an ISO date (2026-03-29) or date-time (2026-03-29T00:30:00Z).",
  endBeforeStart: "endDate must not be before startDate.",
  badInterval: "interval must be day, week or month.",
  badLimit: "limit must be a whole number from 1 to 50.",
  badSortBy: "sortBy must be views, likes, shares, comments or engagementRate.",
  badTimeZone: "timeZone must be an IANA time zone such as Europe/London.",
  loadFailed: "Failed to load analytics data",
} as const;
