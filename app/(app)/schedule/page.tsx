import { ScheduleView } from "@/components/schedule/schedule-view";
import { PrefilledQueries, type PrefilledEntries } from "@/components/providers/prefilled-queries";
import { analyticsKeys } from "@/lib/analytics/query-keys";
import { getOverview } from "@/lib/analytics/server/queries";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";
import { postKeys, SCHEDULE_LIST } from "@/lib/posts/query-keys";
import { listPostsQuerySchema } from "@/lib/posts/schemas";
import { listPosts } from "@/lib/posts/server/queries";
import { okBody } from "@/lib/server/api/route";
import { parseJsonText } from "@/lib/server/json-text";

export const metadata = { title: "Schedule" };

/**
 * The scheduler's first queries are answered here, with the page, as GET /api/post and
 * /api/analytics/overview answer the same keys.
 */
async function scheduleQueries(userId: string): Promise<PrefilledEntries> {
  const [list, overview] = await Promise.all([
    listPosts(userId, listPostsQuerySchema.parse(SCHEDULE_LIST)),
    getOverview(userId, {}),
  ]);
  return [
    [postKeys.list(SCHEDULE_LIST), okBody({ ...list, posts: parseJsonText(list.posts) })],
    [analyticsKeys.overview({}), overview],
  ];
}

export default async function SchedulePage() {
  // The signed-in layout has sent a visitor home already; the user is known here.
  const user = await getRenderSessionUser();
  if (!user) return null;
  return (
    <PrefilledQueries read={() => scheduleQueries(user.id)}>
      <ScheduleView />
    </PrefilledQueries>
  );
}
