"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { http, type HttpClient } from "@/lib/client/http";
import { postKeys } from "@/lib/client/hooks/posts";
import type { PostDto, PostStatus } from "@/lib/posts/schemas";

/**
 * The Content Creator's list (spec section 7, "Posts", GET /api/post): one page of posts with its
 * pagination, filtered and sorted by the server. Deleting goes through lib/client/hooks/posts.
 */

/** The list screens ask for 50 posts a page (spec section 9). */
export const CONTENT_PAGE_SIZE = 50;

export type PostStatusFilter = PostStatus | "all";
export const postSorts = ["date", "views", "likes", "status"] as const;
export type PostSort = (typeof postSorts)[number];

export interface PostListParams {
  status: PostStatusFilter;
  sort: PostSort;
  page: number;
  limit?: number;
}

export interface PostListPagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export interface PostListResponse {
  success: boolean;
  posts: PostDto[];
  pagination: PostListPagination;
}

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

// ---- Plain calls -----------------------------------------------------------------------------

/** GET /api/post: one page of the user's posts; status "all" sends no status. */
export async function fetchPostList(params: PostListParams, client: HttpClient = http): Promise<PostListResponse> {
  const limit = params.limit ?? CONTENT_PAGE_SIZE;
  const response = await client.get<Partial<PostListResponse> & { error?: string }>("/post", {
    query: {
      status: params.status === "all" ? undefined : params.status,
      page: params.page,
      limit,
      sort: params.sort,
    },
  });
  if (response.success === false) throw new Error(response.error || "Failed to load posts");
  const posts = response.posts ?? [];
  return {
    success: true,
    posts,
    pagination: response.pagination ?? { page: params.page, limit, total: posts.length, totalPages: 1 },
  };
}

// ---- Hooks -----------------------------------------------------------------------------------

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
