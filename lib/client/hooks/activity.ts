"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { activityKeys } from "@/lib/activity/query-keys";
import { addComment, deleteComment, listActivity, listComments, listMembers } from "@/lib/client/requests/activity";
import { useSession } from "@/lib/client/session";

/** TanStack Query over lib/client/requests/activity.ts. */

export { activityKeys };

const PAGE = 30;

/** GET /api/activity, a page at a time (the cursor is the last event's id). */
export function useActivity(filters: { actor?: string; post?: string }) {
  return useInfiniteQuery({
    queryKey: activityKeys.list(filters),
    queryFn: ({ pageParam }) => listActivity({ ...filters, limit: PAGE, before: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The current workspace's members (the session's; the cache is emptied when it changes). */
export function useMembers(enabled = true) {
  const { session } = useSession();
  const workspaceId = session.data?.workspace.id;
  return useQuery({
    queryKey: activityKeys.members(),
    queryFn: () => listMembers(workspaceId!),
    enabled: enabled && workspaceId !== undefined,
    staleTime: 60_000,
  });
}

export function useComments(postId: string) {
  return useQuery({ queryKey: activityKeys.comments(postId), queryFn: () => listComments(postId) });
}

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addComment(postId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.all }),
  });
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(postId, commentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.comments(postId) }),
  });
}
