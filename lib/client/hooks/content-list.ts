"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { postKeys } from "@/lib/client/hooks/posts";
import { CONTENT_PAGE_SIZE, type PostListParams, fetchPostList } from "@/lib/client/requests/content-list";

/** TanStack Query over lib/client/requests/content-list.ts: query keys, queries and mutations that refresh what they change. */

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

/**
 * One page of posts. The previous page stays on screen (dimmed by the caller) while the next loads.
 * Always stale: the worker publishes and fails posts behind the browser's back, so every visit asks.
 */
export function usePostList(params: PostListParams) {
  return useQuery({
    queryKey: contentListKeys.list(params),
    queryFn: () => fetchPostList(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
