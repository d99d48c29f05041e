import type { QueryKey } from "@tanstack/react-query";
import { cookies } from "next/headers";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { PrefilledQueries, type PrefilledEntries } from "@/components/providers/prefilled-queries";
import { getDashboardActivity } from "@/lib/analytics/server/activity";
import { analyticsKeys } from "@/lib/analytics/query-keys";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";
import { gettingStartedCookieName, parseGettingStartedMarks } from "@/lib/onboarding/getting-started-marks";
import { normalisedListParams, postKeys, type ListPostsParams } from "@/lib/posts/query-keys";
import { listPostsQuerySchema } from "@/lib/posts/schemas";
import { listPosts } from "@/lib/posts/server/queries";
import { okBody } from "@/lib/server/api/route";
import { parseJsonText } from "@/lib/server/json-text";
import { listAccounts } from "@/lib/social/server/queries";
import { socialKeys } from "@/lib/social/query-keys";

export const metadata = { title: "Dashboard" };

/** The getting-started checklist's three post counts (one post a page is enough to know). */
const CHECKLIST_LISTS: ListPostsParams[] = [
  { limit: 1 },
  { status: "scheduled", limit: 1 },
  { status: "published", limit: 1 },
];

/**
 * The dashboard's first queries are answered here, with the page: the browser renders
 * them as it hydrates instead of re-rendering the whole dashboard when they arrive, which was its
 * longest task. Each answer is what the API's route answers for the same key.
 */
async function dashboardQueries(userId: string): Promise<PrefilledEntries> {
  const lists = CHECKLIST_LISTS.map(normalisedListParams);
  const [posts, accounts, activity] = await Promise.all([
    Promise.all(lists.map((params) => listPosts(userId, listPostsQuerySchema.parse(params)))),
    listAccounts(userId),
    getDashboardActivity(userId),
  ]);
  return [
    ...lists.map((params, index): [QueryKey, unknown] => [
      postKeys.list(params),
      okBody({ ...posts[index]!, posts: parseJsonText(posts[index]!.posts) }),
    ]),
    [socialKeys.accounts(), accounts],
    [analyticsKeys.activity(), activity],
  ];
}

export default async function DashboardPage() {
  // The signed-in layout has sent a visitor home already; the user is known here.
  const user = await getRenderSessionUser();
  if (!user) return null;
  const marks = parseGettingStartedMarks((await cookies()).get(gettingStartedCookieName(user.id))?.value);
  return (
    <PrefilledQueries read={() => dashboardQueries(user.id)}>
      <DashboardView gettingStartedMarks={marks} />
    </PrefilledQueries>
  );
}
