import type { PostStatus } from "./schemas";

/**
 * TanStack Query keys of the posts API, shared by the browser's hooks (lib/client/hooks/posts.ts)
 * and the pages that answer them on the server (app/(app)/dashboard/page.tsx).
 */

export interface ListPostsParams {
  status?: PostStatus | "all";
  page?: number;
  /** The editor and list screens ask for 50 (spec section 9). */
  limit?: number;
  sort?: "date" | "views" | "likes" | "status";
}

/** A list's parameters as `usePosts` keys them: page 1 and 50 a page unless given. */
export const normalisedListParams = (params: ListPostsParams = {}): ListPostsParams => ({
  page: 1,
  limit: 50,
  ...params,
});

export const postKeys = {
  all: ["posts"] as const,
  lists: () => [...postKeys.all, "list"] as const,
  list: (params: ListPostsParams) => [...postKeys.lists(), params] as const,
  details: () => [...postKeys.all, "detail"] as const,
  detail: (id: string) => [...postKeys.details(), id] as const,
  createLimit: () => [...postKeys.all, "check-limit", "createPost"] as const,
};
