import { toCsv } from "../csv";
import type { DateRangeQuery, TopPostSort } from "../schemas";
import { cachedAnalytics } from "./cache";
import { getDailyRows, getTopPosts } from "./queries";

/** The CSV downloads of the analytics page: the top posts and the daily series, in the range asked. */

export async function topPostsCsv(
  workspaceId: string,
  query: DateRangeQuery & { limit: number; sortBy: TopPostSort },
): Promise<string> {
  const top = await getTopPosts(workspaceId, query);
  return toCsv(
    [
      "rank",
      "post_id",
      "published_at",
      "platforms",
      "content",
      "views",
      "likes",
      "shares",
      "comments",
      "engagement_rate",
    ],
    top.map((post, index) => [
      index + 1,
      post._id,
      post.publishedAt,
      post.platforms.join(" "),
      post.content,
      post.metrics.views,
      post.metrics.likes,
      post.metrics.shares,
      post.metrics.comments,
      // Unavailable views and their rate are empty cells, not 0.
      post.metrics.engagementRate === null ? null : Number(post.metrics.engagementRate.toFixed(6)),
    ]),
  );
}

/** Cached as the finished text: all time is one row per platform and day, rebuilt only after a write. */
export const dailyCsv = cachedAnalytics(
  "daily-csv",
  async function daily(workspaceId: string, query: DateRangeQuery, timeZone: string): Promise<string> {
    const rows = await getDailyRows(workspaceId, query, timeZone);
    return toCsv(
      ["date", "platform", "views", "likes", "comments", "shares", "reach"],
      rows.map((row) => [row.date, row.platform, row.views, row.likes, row.comments, row.shares, row.reach]),
    );
  },
);

export function csvResponse(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
