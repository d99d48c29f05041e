import type { DataResponse } from "@/lib/api-response";
import { http, type HttpClient } from "@/lib/client/http";
import type {
  InviteMemberInput,
  TeamInvitation,
  TeamListing,
  WorkspaceRole,
  WorkspaceSummary,
} from "@/lib/workspaces/schemas";

/** The browser's calls to /api/workspaces (Settings › Workspace and Team) and /api/invitations. */

interface MessageResponse {
  success: true;
  message: string;
}

const workspacePath = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}`;

export async function createWorkspace(name: string, client: HttpClient = http): Promise<WorkspaceSummary> {
  return (await client.post<DataResponse<WorkspaceSummary>>("/workspaces", { name })).data;
}

export const renameWorkspace = (workspaceId: string, name: string, client: HttpClient = http) =>
  client.patch<MessageResponse>(workspacePath(workspaceId), { name });

export const deleteWorkspace = (workspaceId: string, confirmName: string, client: HttpClient = http) =>
  client.delete<MessageResponse>(workspacePath(workspaceId), { confirmName });

export async function fetchTeam(workspaceId: string, client: HttpClient = http): Promise<TeamListing> {
  return (await client.get<DataResponse<TeamListing>>(`${workspacePath(workspaceId)}/members`)).data;
}

export const changeMemberRole = (workspaceId: string, userId: string, role: WorkspaceRole, client: HttpClient = http) =>
  client.patch<MessageResponse>(`${workspacePath(workspaceId)}/members/${encodeURIComponent(userId)}`, { role });

/** Removes a member, or (one's own id) leaves the workspace. */
export const removeMember = (workspaceId: string, userId: string, client: HttpClient = http) =>
  client.delete<MessageResponse>(`${workspacePath(workspaceId)}/members/${encodeURIComponent(userId)}`);

export const inviteMember = (workspaceId: string, input: InviteMemberInput, client: HttpClient = http) =>
  client.post<MessageResponse & { data: TeamInvitation }>(`${workspacePath(workspaceId)}/invitations`, input);

export const resendInvitation = (workspaceId: string, invitationId: string, client: HttpClient = http) =>
  client.post<MessageResponse & { data: TeamInvitation }>(
    `${workspacePath(workspaceId)}/invitations/${encodeURIComponent(invitationId)}/resend`,
  );

export const revokeInvitation = (workspaceId: string, invitationId: string, client: HttpClient = http) =>
  client.delete<MessageResponse>(`${workspacePath(workspaceId)}/invitations/${encodeURIComponent(invitationId)}`);

export async function acceptInvitation(token: string, client: HttpClient = http): Promise<WorkspaceSummary> {
  return (await client.post<DataResponse<WorkspaceSummary>>("/invitations/accept", { token })).data;
}
