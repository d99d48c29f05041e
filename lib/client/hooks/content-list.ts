"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { PREFILLED_FRESH_MS } from "@/lib/client/prefilled-state";
import { fetchPostList } from "@/lib/client/requests/content-list";
import { CONTENT_PAGE_SIZE, contentListKeys, FIRST_CONTENT_LIST, type PostListParams } from "@/lib/posts/query-keys";

/** TanStack Query over lib/client/requests/content-list.ts: query keys, queries and mutations that refresh what they change. */

const isFirstList = (params: PostListParams) =>
  params.status === FIRST_CONTENT_LIST.status &&
  params.sort === FIRST_CONTENT_LIST.sort &&
  params.page === FIRST_CONTENT_LIST.page &&
  (params.limit ?? CONTENT_PAGE_SIZE) === CONTENT_PAGE_SIZE;

/**
 * One page of posts. The previous page stays on screen (dimmed by the caller) while the next loads.
 * The worker publishes and fails posts behind the browser's back, so every visit asks again, except
 * right after the server has answered the first page with the page itself (app/(app)/content/page.tsx):
 * asking again then would only re-render the whole list with the same posts. Other pages, filters
 * and sorts are asked for each time they are shown.
 */
export function usePostList(params: PostListParams) {
  return useQuery({
    queryKey: contentListKeys.list(params),
    queryFn: () => fetchPostList(params),
    placeholderData: keepPreviousData,
    staleTime: isFirstList(params) ? PREFILLED_FRESH_MS : 0,
  });
}
