"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { postKeys } from "@/lib/posts/query-keys";
import { queueKeys } from "@/lib/queue/query-keys";
import type { MoveQueuePostInput, UpdateQueueInput } from "@/lib/queue/schemas";
import { addPostToQueue, listQueues, moveQueuePost, updateQueue } from "@/lib/client/requests/queue";

/** TanStack Query over lib/client/requests/queue.ts. */

export { queueKeys };

/**
 * GET /api/queue?days. Always asked again when a view mounts: whether a slot is empty changes with
 * every post saved, scheduled or deleted anywhere, and none of those mutations knows the queue.
 * Another span keeps the last one on screen until it arrives.
 */
export function useQueues(days: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queueKeys.view(days),
    queryFn: () => listQueues(days),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * A queue change moves posts (scheduled times, held posts): the queue and every post list are
 * stale. The mutation ends when the queue view has its new answer, so its buttons never act on the
 * old one.
 */
function useAfterQueueChange() {
  const queryClient = useQueryClient();
  return async () => {
    void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    await queryClient.invalidateQueries({ queryKey: queueKeys.all });
  };
}

/** PUT /api/queue/{pageId}: slots, time zone, pause or resume. */
export function useUpdateQueue() {
  const afterChange = useAfterQueueChange();
  return useMutation({
    mutationFn: ({ pageId, input }: { pageId: string; input: UpdateQueueInput }) => updateQueue(pageId, input),
    onSuccess: afterChange,
  });
}

/** POST /api/queue/{pageId}/move. */
export function useMoveQueuePost() {
  const queryClient = useQueryClient();
  const afterChange = useAfterQueueChange();
  return useMutation({
    mutationFn: ({ pageId, input }: { pageId: string; input: MoveQueuePostInput }) => moveQueuePost(pageId, input),
    onSuccess: async (_data, { input }) => {
      void queryClient.invalidateQueries({ queryKey: postKeys.detail(input.postId) });
      await afterChange();
    },
  });
}

/** POST /api/post/{id}/queue: the draft, and the copies made for its other pages, come back scheduled. */
export function useAddPostToQueue() {
  const queryClient = useQueryClient();
  const afterChange = useAfterQueueChange();
  return useMutation({
    mutationFn: (postId: string) => addPostToQueue(postId),
    onSuccess: async ({ posts }) => {
      for (const post of posts) queryClient.setQueryData(postKeys.detail(post.id), post);
      // A copy for each further page is a new post, which counts against the plan.
      void queryClient.invalidateQueries({ queryKey: postKeys.createLimit() });
      await afterChange();
    },
  });
}
