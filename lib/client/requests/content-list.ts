import { http, type HttpClient } from "@/lib/client/http";
import { CONTENT_PAGE_SIZE, type PostListParams } from "@/lib/posts/query-keys";
import type { PostListResponse } from "@/lib/posts/schemas";

/**
 * The Content Creator's list (spec section 7, "Posts", GET /api/post): one page of posts with its
 * pagination, filtered and sorted by the server. Deleting goes through lib/client/hooks/posts.
 */

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
