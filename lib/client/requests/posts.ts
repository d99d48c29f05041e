import { http, HttpError, type HttpClient } from "@/lib/client/http";
import type { LimitCheckResult } from "@/lib/billing/schemas";
import type { ListPostsParams } from "@/lib/posts/query-keys";
import type {
  BulkDeleteResponse,
  CreatePostInput,
  PageCheckInput,
  PostDto,
  PostListResponse,
  PostResponse,
  UpdatePostInput,
} from "@/lib/posts/schemas";

/** The browser's calls to the posts API (spec section 7, "Posts"). */

export type { ListPostsParams };

/** check-limit's answer, as the billing contract defines it. */
export type LimitCheck = LimitCheckResult;

const postPath = (id: string) => `/post/${encodeURIComponent(id)}`;

export async function getPost(id: string, client: HttpClient = http): Promise<PostDto> {
  return (await client.get<PostResponse>(postPath(id))).post;
}

export function listPosts({ status, page = 1, limit = 50, sort }: ListPostsParams = {}, client: HttpClient = http) {
  return client.get<PostListResponse>("/post", { query: { status, page, limit, sort } });
}

export async function createPost(input: CreatePostInput, client: HttpClient = http): Promise<PostDto> {
  return (await client.post<PostResponse>("/social/posts", input)).post;
}

export async function updatePost(id: string, input: UpdatePostInput, client: HttpClient = http): Promise<PostDto> {
  return (await client.put<PostResponse>(postPath(id), input)).post;
}

export function deletePost(id: string, client: HttpClient = http) {
  return client.delete<{ success: true; message?: string }>(postPath(id));
}

export function bulkDeletePosts(postIds: string[], client: HttpClient = http) {
  return client.delete<BulkDeleteResponse>("/post/bulk/delete", { postIds });
}

/**
 * May the user create (and so publish) another post on their plan? A server without the check
 * (404) or a failed check counts as allowed: the server enforces the limit on creation anyway.
 */
export async function checkCreatePostLimit(client: HttpClient = http): Promise<LimitCheck> {
  try {
    const response = await client.get<{ success: boolean; allowed?: boolean; reason?: string | null }>(
      "/subscription/check-limit",
      { query: { operation: "createPost" } },
    );
    return { allowed: response.allowed !== false, reason: response.reason ?? null };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return { allowed: true, reason: null };
    throw error;
  }
}

/** PUT /api/post/{id} {scheduledAt, status: "scheduled"}: the server refuses a moment not in the future. */
export async function schedulePost(id: string, scheduledAt: string, client: HttpClient = http): Promise<PostDto> {
  return (await client.put<PostResponse>(postPath(id), { scheduledAt, status: "scheduled" })).post;
}

/** PUT /api/post/{id} {scheduledAt}: moves an already scheduled post. */
export async function reschedulePost(id: string, scheduledAt: string, client: HttpClient = http): Promise<PostDto> {
  return (await client.put<PostResponse>(postPath(id), { scheduledAt })).post;
}

/** POST /api/post/{id}/page-check: 'It went out' or 'Publish again' for a page that needs the owner's check. */
export function resolvePageCheck(id: string, input: PageCheckInput, client: HttpClient = http): Promise<PostResponse> {
  return client.post<PostResponse>(`${postPath(id)}/page-check`, input);
}

/** POST /api/post/{id}/publish: the post comes back published, failed, or scheduled (still going out). */
export function publishPost(id: string, client: HttpClient = http): Promise<PostResponse> {
  return client.post<PostResponse>(`${postPath(id)}/publish`, {});
}
