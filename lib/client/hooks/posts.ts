"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { http, HttpError, type HttpClient } from "@/lib/client/http";
import type { BulkDeleteResult, CreatePostInput, PostDto, PostStatus, UpdatePostInput } from "@/lib/posts/schemas";

/** The browser's calls to the posts API (spec section 7, "Posts"), with their query keys. */

export interface ListPostsParams {
  status?: PostStatus | "all";
  page?: number;
  /** The editor and list screens ask for 50 (spec section 9). */
  limit?: number;
  sort?: "date" | "views" | "likes" | "status";
}

export const postKeys = {
  all: ["posts"] as const,
  lists: () => [...postKeys.all, "list"] as const,
  list: (params: ListPostsParams) => [...postKeys.lists(), params] as const,
  details: () => [...postKeys.all, "detail"] as const,
  detail: (id: string) => [...postKeys.details(), id] as const,
  createLimit: () => [...postKeys.all, "check-limit", "createPost"] as const,
};

export interface PostResponse {
  success: true;
  post: PostDto;
}

/** The server's page description; only `page` and `limit` are relied upon. */
export interface PostsPagination {
  page: number;
  limit: number;
  total?: number;
  totalPages?: number;
  [key: string]: unknown;
}

export interface PostsResponse {
  success: true;
  posts: PostDto[];
  pagination?: PostsPagination;
}

export interface BulkDeleteResponse {
  success: boolean;
  deletedCount: number;
  total: number;
  failedCount: number;
  results: BulkDeleteResult[];
}

export interface LimitCheck {
  allowed: boolean;
  reason: string | null;
}

// ---- Plain calls -----------------------------------------------------------------------------

const postPath = (id: string) => `/post/${encodeURIComponent(id)}`;

export async function getPost(id: string, client: HttpClient = http): Promise<PostDto> {
  return (await client.get<PostResponse>(postPath(id))).post;
}

export function listPosts({ status, page = 1, limit = 50, sort }: ListPostsParams = {}, client: HttpClient = http) {
  return client.get<PostsResponse>("/post", { query: { status, page, limit, sort } });
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

// ---- Hooks -----------------------------------------------------------------------------------

/** GET /api/post/{id}; idle without an id. */
export function usePost(id: string | null | undefined) {
  return useQuery({
    queryKey: postKeys.detail(id ?? ""),
    queryFn: () => getPost(id ?? ""),
    enabled: Boolean(id),
  });
}

/** GET /api/post?status&page&limit (50 per page unless told). */
export function usePosts(params: ListPostsParams = {}) {
  const normalised: ListPostsParams = { page: 1, limit: 50, ...params };
  return useQuery({
    queryKey: postKeys.list(normalised),
    queryFn: () => listPosts(normalised),
    placeholderData: keepPreviousData,
  });
}

export function useCreatePostLimit() {
  return useQuery({ queryKey: postKeys.createLimit(), queryFn: () => checkCreatePostLimit(), retry: false });
}

/** After a post changes, its detail is known and every list is stale. */
function useAfterPostSaved() {
  const queryClient = useQueryClient();
  return (post: PostDto) => {
    queryClient.setQueryData(postKeys.detail(post.id), post);
    void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
  };
}

/** POST /api/social/posts: saves a new draft. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  const afterSaved = useAfterPostSaved();
  return useMutation({
    mutationFn: (input: CreatePostInput) => createPost(input),
    onSuccess: (post) => {
      afterSaved(post);
      // One more post counts against the plan.
      void queryClient.invalidateQueries({ queryKey: postKeys.createLimit() });
    },
  });
}

/** PUT /api/post/{id}: partial update of a post that is not published. */
export function useUpdatePost() {
  const afterSaved = useAfterPostSaved();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdatePostInput }) => updatePost(id, input),
    onSuccess: afterSaved,
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePost(id),
    onSuccess: (_response, id) => {
      queryClient.removeQueries({ queryKey: postKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
  });
}

/** DELETE /api/post/bulk/delete {postIds}: some may fail; the answer says which. */
export function useBulkDeletePosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postIds: string[]) => bulkDeletePosts(postIds),
    onSettled: (response) => {
      for (const result of response?.results ?? []) {
        if (result.success) queryClient.removeQueries({ queryKey: postKeys.detail(result.postId) });
      }
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
  });
}

// ---- Scheduling and publishing ---------------------------------------------------------------

export interface PublishResponse {
  success: boolean;
  message?: string;
  post: PostDto;
}

/** PUT /api/post/{id} {scheduledAt, status: "scheduled"}: the server refuses a moment not in the future. */
export async function schedulePost(id: string, scheduledAt: string, client: HttpClient = http): Promise<PostDto> {
  return (await client.put<PostResponse>(postPath(id), { scheduledAt, status: "scheduled" })).post;
}

/** PUT /api/post/{id} {scheduledAt}: moves an already scheduled post. */
export async function reschedulePost(id: string, scheduledAt: string, client: HttpClient = http): Promise<PostDto> {
  return (await client.put<PostResponse>(postPath(id), { scheduledAt })).post;
}

/** POST /api/post/{id}/publish: the post comes back published, failed, or scheduled (still going out). */
export function publishPost(id: string, client: HttpClient = http): Promise<PublishResponse> {
  return client.post<PublishResponse>(`${postPath(id)}/publish`, {});
}

/** Schedules a draft, or (reschedule) moves a scheduled post; lists show the new time at once. */
export function useSchedulePost() {
  const queryClient = useQueryClient();
  const afterSaved = useAfterPostSaved();
  return useMutation({
    mutationFn: ({ id, scheduledAt, reschedule = false }: { id: string; scheduledAt: string; reschedule?: boolean }) =>
      reschedule ? reschedulePost(id, scheduledAt) : schedulePost(id, scheduledAt),
    onMutate: async ({ id, scheduledAt, reschedule }) => {
      if (!reschedule) return { previous: [] as [readonly unknown[], PostsResponse | undefined][] };
      // A dragged post lands on its new day straight away; an error puts it back.
      await queryClient.cancelQueries({ queryKey: postKeys.lists() });
      const previous = queryClient.getQueriesData<PostsResponse>({ queryKey: postKeys.lists() });
      queryClient.setQueriesData<PostsResponse>({ queryKey: postKeys.lists() }, (data) =>
        data ? { ...data, posts: data.posts.map((post) => (post.id === id ? { ...post, scheduledAt } : post)) } : data,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: afterSaved,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: postKeys.lists() }),
  });
}

export function usePublishPost() {
  const queryClient = useQueryClient();
  const afterSaved = useAfterPostSaved();
  return useMutation({
    mutationFn: (id: string) => publishPost(id),
    onSuccess: (response) => {
      afterSaved(response.post);
      void queryClient.invalidateQueries({ queryKey: postKeys.createLimit() });
    },
  });
}
