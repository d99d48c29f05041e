import type { QueryKey } from "@tanstack/react-query";
import { POST_TOTAL_LISTS, postKeys, type ListPostsParams } from "@/lib/posts/query-keys";
import { listPostsQuerySchema } from "@/lib/posts/schemas";
import { okBody } from "@/lib/server/api/route";
import { parseJsonText } from "@/lib/server/json-text";
import { listPosts } from "./queries";

/**
 * Post lists answered with the page that shows them (components/providers/prefilled-queries.tsx),
 * each as GET /api/post answers the same key, so the browser does not ask for them as it loads.
 */
export async function prefillPostLists(workspaceId: string, lists: ListPostsParams[]): Promise<[QueryKey, unknown][]> {
  const pages = await Promise.all(lists.map((params) => listPosts(workspaceId, listPostsQuerySchema.parse(params))));
  return lists.map((params, index) => [
    postKeys.list(params),
    okBody({ ...pages[index]!, posts: parseJsonText(pages[index]!.posts) }),
  ]);
}

/** The lists behind usePostTotals (lib/client/hooks/posts.ts). */
export const prefillPostTotals = (workspaceId: string) =>
  prefillPostLists(workspaceId, Object.values(POST_TOTAL_LISTS));
