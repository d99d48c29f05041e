import type { ActivityListResponse, CommentListResponse, CommentResponse } from "@/lib/activity/schemas";
import { mentionableMembers } from "@/lib/activity/members";
import { http, type HttpClient } from "@/lib/client/http";
import { fetchTeam } from "@/lib/client/requests/workspaces";

/** The browser's calls to /api/activity and /api/post/{id}/comments, and the members mentions offer. */

export function listActivity(
  query: { actor?: string; post?: string; before?: string; limit?: number },
  client: HttpClient = http,
) {
  return client.get<ActivityListResponse>("/activity", { query });
}

export async function listComments(postId: string, client: HttpClient = http) {
  return (await client.get<CommentListResponse>(`/post/${encodeURIComponent(postId)}/comments`)).data;
}

export async function addComment(postId: string, body: string, client: HttpClient = http) {
  return (await client.post<CommentResponse>(`/post/${encodeURIComponent(postId)}/comments`, { body })).data;
}

export function deleteComment(postId: string, commentId: string, client: HttpClient = http) {
  return client.delete<{ success: true; message: string }>(
    `/post/${encodeURIComponent(postId)}/comments/${encodeURIComponent(commentId)}`,
  );
}

export async function listMembers(workspaceId: string, client: HttpClient = http) {
  return mentionableMembers(await fetchTeam(workspaceId, client));
}
