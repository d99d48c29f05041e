import type { DataResponse } from "@/lib/api-response";
import { http, type HttpClient } from "@/lib/client/http";
import type { ConnectablePlatform } from "@/lib/networks/platforms";
import type { ConnectedAccount, FacebookPageCandidate, OAuthCallbackResult } from "@/lib/social/schemas";

/** The browser's calls to /api/social (spec section 7, "Social accounts"). */

/** The answer of every call that changes one account: a sentence to show plus the account. */
export type AccountActionResponse = DataResponse<ConnectedAccount>;

export interface DisconnectResponse {
  success: true;
  message?: string;
  affectedScheduledPosts?: number;
}

export async function listConnectedAccounts(client: HttpClient = http): Promise<ConnectedAccount[]> {
  const response = await client.get<DataResponse<ConnectedAccount[]>>("/social/accounts");
  return response.data ?? [];
}

/** Where to send the browser to connect `platform` (GET /api/social/auth/{platform}/url). */
export async function getConnectUrl(platform: ConnectablePlatform, client: HttpClient = http): Promise<string> {
  const response = await client.get<{ success: boolean; data?: { authUrl?: unknown } }>(
    `/social/auth/${platform}/url`,
    {
      query: { intent: "connect" },
    },
  );
  const authUrl = response.data?.authUrl;
  if (!response.success || typeof authUrl !== "string" || !authUrl) throw new Error("Invalid OAuth URL response");
  return authUrl;
}

/**
 * Completes an OAuth return. `search` is the callback page's own query string, forwarded as is
 * (code, state, and error/error_description when the user declined).
 */
export async function completeCallback(
  platform: string,
  search: string,
  client: HttpClient = http,
): Promise<OAuthCallbackResult> {
  const qs = search.startsWith("?") ? search.slice(1) : search;
  const path = `/social/auth/${encodeURIComponent(platform)}/callback${qs ? `?${qs}` : ""}`;
  const response = await client.get<DataResponse<OAuthCallbackResult>>(path);
  return response.data;
}

export async function listFacebookPages(
  userAccessToken: string,
  client: HttpClient = http,
): Promise<FacebookPageCandidate[]> {
  const response = await client.post<DataResponse<FacebookPageCandidate[]>>("/social/facebook/pages", {
    userAccessToken,
  });
  return response.data ?? [];
}

/** Connects the chosen Facebook Pages (by page id) of a pending connection. */
export function connectFacebookPages(pageIds: string[], userAccessToken: string, client: HttpClient = http) {
  return client.post<AccountActionResponse>("/social/facebook/connect-pages", { pages: pageIds, userAccessToken });
}

/**
 * Connects the profile of a pending connection to a network that publishes as its profile (X,
 * LinkedIn); the server refuses a network that publishes as Pages.
 */
export function connectProfile(platform: ConnectablePlatform, userAccessToken: string, client: HttpClient = http) {
  return client.post<AccountActionResponse>(`/social/connect/${platform}`, { userAccessToken });
}

export function refreshAccountData(accountId: string, client: HttpClient = http) {
  return client.post<AccountActionResponse>(`/social/accounts/${encodeURIComponent(accountId)}/refresh`);
}

export function refreshAccountToken(accountId: string, client: HttpClient = http) {
  return client.post<AccountActionResponse>(`/social/accounts/${encodeURIComponent(accountId)}/refresh-token`);
}

export function disconnectAccount(accountId: string, client: HttpClient = http) {
  return client.delete<DisconnectResponse>(`/social/accounts/${encodeURIComponent(accountId)}`);
}

/** One Page of a login; its last Page takes the login with it (`accountRemoved`). */
export function disconnectPage(pageId: string, client: HttpClient = http) {
  return client.delete<DisconnectResponse & { accountRemoved: boolean }>(`/social/pages/${encodeURIComponent(pageId)}`);
}
