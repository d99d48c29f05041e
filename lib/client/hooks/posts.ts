"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { normalisedListParams, POST_TOTAL_LISTS, postKeys, type ListPostsParams } from "@/lib/posts/query-keys";
import type { CreatePostInput, PageCheckInput, PostDto, PostListResponse, UpdatePostInput } from "@/lib/posts/schemas";
import {
  getPost,
  listPosts,
  createPost,
  updatePost,
  deletePost,
  bulkDeletePosts,
  checkCreatePostLimit,
  schedulePost,
  reschedulePost,
  publishPost,
  resolvePageCheck,
} from "@/lib/client/requests/posts";

/** TanStack Query over lib/client/requests/posts.ts: query keys, queries and mutations that refresh what they change. */

export { postKeys };

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
  const normalised = normalisedListParams(params);
  return useQuery({
    queryKey: postKeys.list(normalised),
    queryFn: () => listPosts(normalised),
    placeholderData: keepPreviousData,
  });
}

/**
 * The workspace's post totals as the content list counts them (its pagination totals, kept by the
 * server's post counters): all posts, scheduled, published; undefined while loading. Every screen
 * that shows such a total reads it here, so the scheduler and the content list never disagree.
 */
export function usePostTotals(): { all?: number; scheduled?: number; published?: number } {
  const all = usePosts(POST_TOTAL_LISTS.all);
  const scheduled = usePosts(POST_TOTAL_LISTS.scheduled);
  const published = usePosts(POST_TOTAL_LISTS.published);
  return {
    all: all.data?.pagination.total,
    scheduled: scheduled.data?.pagination.total,
    published: published.data?.pagination.total,
  };
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

/** Schedules a draft, or (reschedule) moves a scheduled post; lists show the new time at once. */
export function useSchedulePost() {
  const queryClient = useQueryClient();
  const afterSaved = useAfterPostSaved();
  return useMutation({
    mutationFn: ({ id, scheduledAt, reschedule = false }: { id: string; scheduledAt: string; reschedule?: boolean }) =>
      reschedule ? reschedulePost(id, scheduledAt) : schedulePost(id, scheduledAt),
    onMutate: async ({ id, scheduledAt, reschedule }) => {
      if (!reschedule) return { previous: [] as [readonly unknown[], PostListResponse | undefined][] };
      // A dragged post lands on its new day straight away; an error puts it back.
      await queryClient.cancelQueries({ queryKey: postKeys.lists() });
      const previous = queryClient.getQueriesData<PostListResponse>({ queryKey: postKeys.lists() });
      queryClient.setQueriesData<PostListResponse>({ queryKey: postKeys.lists() }, (data) =>
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

/** POST /api/post/{id}/page-check: the owner's answer for a page marked 'Needs your check'. */
export function useResolvePageCheck(postId: string) {
  const afterSaved = useAfterPostSaved();
  return useMutation({
    mutationFn: (input: PageCheckInput) => resolvePageCheck(postId, input),
    onSuccess: (response) => afterSaved(response.post),
  });
}
