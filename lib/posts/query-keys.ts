import type { PostStatus } from "./schemas";

/**
 * TanStack Query keys of the posts API, shared by the browser's hooks (lib/client/hooks/posts.ts)
 * and the pages that answer them on the server (app/(app)/dashboard/page.tsx, app/(app)/content/page.tsx).
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

/** The Content Scheduler's list: its calendar and list show the first 100 posts. */
export const SCHEDULE_LIST: ListPostsParams = normalisedListParams({ page: 1, limit: 100 });

/** The lists whose totals are the workspace's post totals (one post a page is enough to know): all, scheduled, published. */
export const POST_TOTAL_LISTS = {
  all: normalisedListParams({ limit: 1 }),
  scheduled: normalisedListParams({ status: "scheduled", limit: 1 }),
  published: normalisedListParams({ status: "published", limit: 1 }),
} as const;

export const postKeys = {
  all: ["posts"] as const,
  lists: () => [...postKeys.all, "list"] as const,
  list: (params: ListPostsParams) => [...postKeys.lists(), params] as const,
  details: () => [...postKeys.all, "detail"] as const,
  detail: (id: string) => [...postKeys.details(), id] as const,
  createLimit: () => [...postKeys.all, "check-limit", "createPost"] as const,
};

/** The Content Creator's list asks for 50 posts a page (spec section 9). */
export const CONTENT_PAGE_SIZE = 50;

export type PostStatusFilter = PostStatus | "all";
export const postSorts = ["date", "views", "likes", "status"] as const;
export type PostSort = (typeof postSorts)[number];

/** One page of the Content Creator's list, filtered and sorted by the server. */
export interface PostListParams {
  status: PostStatusFilter;
  sort: PostSort;
  page: number;
  limit?: number;
}

/** What the Content Creator shows first: every post, newest first, page 1. */
export const FIRST_CONTENT_LIST: PostListParams = { status: "all", sort: "date", page: 1 };

/**
 * Under postKeys.lists(), so every change made through lib/client/hooks/posts (save, delete) refreshes this
 * list too; the "content" segment keeps this shape apart from usePosts' entries.
 */
export const contentListKeys = {
  all: () => [...postKeys.lists(), "content"] as const,
  list: (params: PostListParams) =>
    [
      ...contentListKeys.all(),
      { status: params.status, sort: params.sort, page: params.page, limit: params.limit ?? CONTENT_PAGE_SIZE },
    ] as const,
};
