"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchPostList } from "@/lib/client/requests/content-list";
import { contentListKeys, type PostListParams } from "@/lib/posts/query-keys";

/** TanStack Query over lib/client/requests/content-list.ts: query keys, queries and mutations that refresh what they change. */

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
