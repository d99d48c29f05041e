import { http, type HttpClient } from "@/lib/client/http";
import type { DataResponse } from "@/lib/api-response";
import type { PostResponse } from "@/lib/posts/schemas";
import type {
  CreateReviewLinkInput,
  ReviewDecisionInput,
  ReviewDecisionResponse,
  ReviewLinkCreatedResponse,
  ReviewLinkListResponse,
} from "@/lib/approvals/review-links";

/** The browser's calls to the approval endpoints. */

const postPath = (id: string) => `/post/${encodeURIComponent(id)}`;
const settingPath = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/approvals`;

export async function submitForApproval(id: string, scheduledAt: string, client: HttpClient = http) {
  return (await client.post<PostResponse>(`${postPath(id)}/submit`, { scheduledAt })).post;
}

export async function approvePost(id: string, client: HttpClient = http) {
  return (await client.post<PostResponse>(`${postPath(id)}/approve`, {})).post;
}

export async function requestChanges(id: string, comment: string, client: HttpClient = http) {
  return (await client.post<PostResponse>(`${postPath(id)}/request-changes`, { comment })).post;
}

export async function getApprovalSetting(workspaceId: string, client: HttpClient = http) {
  return (await client.get<DataResponse<{ postsNeedApproval: boolean }>>(settingPath(workspaceId))).data;
}

export async function setApprovalSetting(workspaceId: string, postsNeedApproval: boolean, client: HttpClient = http) {
  return (
    await client.patch<DataResponse<{ postsNeedApproval: boolean }>>(settingPath(workspaceId), { postsNeedApproval })
  ).data;
}

const linksPath = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/review-links`;

export async function listReviewLinks(workspaceId: string, client: HttpClient = http) {
  return (await client.get<ReviewLinkListResponse>(linksPath(workspaceId))).data;
}

export async function createReviewLink(workspaceId: string, input: CreateReviewLinkInput, client: HttpClient = http) {
  return client.post<ReviewLinkCreatedResponse>(linksPath(workspaceId), input);
}

export async function revokeReviewLink(workspaceId: string, linkId: string, client: HttpClient = http) {
  await client.delete(`${linksPath(workspaceId)}/${encodeURIComponent(linkId)}`);
}

/** The outside reviewer's decision (the /review/{token} page; no session). */
export async function decideOnReview(token: string, input: ReviewDecisionInput, client: HttpClient = http) {
  return client.post<ReviewDecisionResponse>(`/review/${encodeURIComponent(token)}/decision`, input, {
    skipAuthRefresh: true,
  });
}
