"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  changeMemberRole,
  fetchTeam,
  inviteMember,
  removeMember,
  resendInvitation,
  revokeInvitation,
} from "@/lib/client/requests/workspaces";
import { workspaceKeys } from "@/lib/workspaces/query-keys";
import type { InviteMemberInput, WorkspaceRole } from "@/lib/workspaces/schemas";

/** TanStack Query over the team calls of lib/client/requests/workspaces.ts (Settings › Team). */

export function useTeam(workspaceId: string) {
  return useQuery({ queryKey: workspaceKeys.team(workspaceId), queryFn: () => fetchTeam(workspaceId) });
}

/** Every change to the team answers with a sentence; the list (and its seats) is read again after it. */
function useTeamChange<Input, Result>(workspaceId: string, run: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.team(workspaceId) }),
  });
}

export const useChangeMemberRole = (workspaceId: string) =>
  useTeamChange(workspaceId, ({ userId, role }: { userId: string; role: WorkspaceRole }) =>
    changeMemberRole(workspaceId, userId, role),
  );

export const useRemoveMember = (workspaceId: string) =>
  useTeamChange(workspaceId, (userId: string) => removeMember(workspaceId, userId));

export const useInviteMember = (workspaceId: string) =>
  useTeamChange(workspaceId, (input: InviteMemberInput) => inviteMember(workspaceId, input));

export const useResendInvitation = (workspaceId: string) =>
  useTeamChange(workspaceId, (invitationId: string) => resendInvitation(workspaceId, invitationId));

export const useRevokeInvitation = (workspaceId: string) =>
  useTeamChange(workspaceId, (invitationId: string) => revokeInvitation(workspaceId, invitationId));
