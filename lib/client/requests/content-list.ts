import { http, type HttpClient } from "@/lib/client/http";
import type { PostListResponse, PostStatus } from "@/lib/posts/schemas";

/**
 * The Content Creator's list (spec section 7, "Posts", GET /api/post): one page of posts with its
 * pagination, filtered and sorted by the server. Deleting goes through lib/client/hooks/posts.
 */

/** The content list's call: one page of posts, filtered and sorted by the server. */

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

/** GET /api/post: one page of the user's posts; status "all" sends no status. */
export async function fetchPostList(params: PostListParams, client: HttpClient = http): Promise<PostListResponse> {
  const limit = params.limit ?? CONTENT_PAGE_SIZE;
  return client.get<PostListResponse>("/post", {
    query: {
      status: params.status === "all" ? undefined : params.status,
      page: params.page,
      limit,
      sort: params.sort,
    },
  });
}
