"use client";

import { approvalKeys } from "@/lib/approvals/query-keys";
import { PREFILLED_FRESH_MS } from "@/lib/client/prefilled-state";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { postKeys } from "@/lib/posts/query-keys";
import type { PostDto } from "@/lib/posts/schemas";
import { can } from "@/lib/workspaces/roles";
import { useSession } from "@/lib/client/session";
import type { CreateReviewLinkInput } from "@/lib/approvals/review-links";
import {
  approvePost,
  createReviewLink,
  getApprovalSetting,
  listReviewLinks,
  revokeReviewLink,
  requestChanges,
  setApprovalSetting,
  submitForApproval,
} from "@/lib/client/requests/approvals";

/** TanStack Query over lib/client/requests/approvals.ts. */

export { approvalKeys };

/** The workspace's 'Posts need approval'; idle until the session names the workspace. */
export function useApprovalSetting() {
  const { session } = useSession();
  const workspaceId = session.data?.workspace.id;
  return useQuery({
    queryKey: approvalKeys.setting(workspaceId ?? ""),
    queryFn: () => getApprovalSetting(workspaceId!),
    enabled: Boolean(workspaceId),
    staleTime: PREFILLED_FRESH_MS,
  });
}

export function useSetApprovalSetting() {
  const queryClient = useQueryClient();
  const { session } = useSession();
  const workspaceId = session.data?.workspace.id ?? "";
  return useMutation({
    mutationFn: (postsNeedApproval: boolean) => setApprovalSetting(workspaceId, postsNeedApproval),
    onSuccess: (data) => {
      queryClient.setQueryData(approvalKeys.setting(workspaceId), data);
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}

/**
 * What the person may do with a post's review, by the same rules the server applies
 * (lib/approvals/server/gate.ts): contributors always submit, everyone does when the workspace asks
 * for approval or the post is in review; approvers (the `publish` permission) decide.
 */
export function useApprovalRole(post?: Pick<PostDto, "approvalState"> | null) {
  const { session } = useSession();
  const setting = useApprovalSetting();
  const role = session.data?.workspace.role;
  const mayApprove = role ? can(role, "publish") : false;
  const needsApproval =
    role === "contributor" || setting.data?.postsNeedApproval === true || (post?.approvalState ?? null) !== null;
  return { needsApproval, mayApprove };
}

function useAfterDecision() {
  const queryClient = useQueryClient();
  return (post: PostDto) => {
    queryClient.setQueryData(postKeys.detail(post.id), post);
    void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
  };
}

export function useSubmitForApproval() {
  const after = useAfterDecision();
  return useMutation({
    mutationFn: ({ id, scheduledAt }: { id: string; scheduledAt: string }) => submitForApproval(id, scheduledAt),
    onSuccess: after,
  });
}

export function useApprovePost() {
  const after = useAfterDecision();
  return useMutation({ mutationFn: (id: string) => approvePost(id), onSuccess: after });
}

export function useRequestChanges() {
  const after = useAfterDecision();
  return useMutation({
    mutationFn: ({ id, comment }: { id: string; comment: string }) => requestChanges(id, comment),
    onSuccess: after,
  });
}

/** The workspace's review links (approvers only: `enabled` is theirs to say). */
export function useReviewLinks(enabled: boolean) {
  const { session } = useSession();
  const workspaceId = session.data?.workspace.id;
  return useQuery({
    queryKey: approvalKeys.reviewLinks(workspaceId ?? ""),
    queryFn: () => listReviewLinks(workspaceId!),
    enabled: enabled && Boolean(workspaceId),
  });
}

export function useCreateReviewLink() {
  const queryClient = useQueryClient();
  const { session } = useSession();
  const workspaceId = session.data?.workspace.id ?? "";
  return useMutation({
    mutationFn: (input: CreateReviewLinkInput) => createReviewLink(workspaceId, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: approvalKeys.reviewLinks(workspaceId) }),
  });
}

export function useRevokeReviewLink() {
  const queryClient = useQueryClient();
  const { session } = useSession();
  const workspaceId = session.data?.workspace.id ?? "";
  return useMutation({
    mutationFn: (linkId: string) => revokeReviewLink(workspaceId, linkId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: approvalKeys.reviewLinks(workspaceId) }),
  });
}
