"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "@/lib/client/session";
import { http, type HttpClient } from "@/lib/client/http";
import type {
  ConnectablePlatform,
  ConnectedAccount,
  FacebookPageCandidate,
  OAuthCallbackResult,
} from "@/lib/social/schemas";

/** The browser's calls to /api/social (spec section 7, "Social accounts"), with their query keys. */

export const socialKeys = {
  all: ["social"] as const,
  accounts: () => [...socialKeys.all, "accounts"] as const,
};

interface DataResponse<T> {
  success: true;
  data: T;
}

/** The answer of every call that changes one account: a sentence to show plus the account. */
export interface AccountActionResponse {
  success: true;
  message?: string;
  data: ConnectedAccount;
}

export interface DisconnectResponse {
  success: true;
  message?: string;
  affectedScheduledPosts?: number;
}

// ---- Plain calls -----------------------------------------------------------------------------

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

/** Connects an X or LinkedIn profile from a pending connection. */
export function connectProfile(
  platform: Exclude<ConnectablePlatform, "facebook">,
  userAccessToken: string,
  client: HttpClient = http,
) {
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

// ---- Hooks -----------------------------------------------------------------------------------

/** GET /api/social/accounts: every connected account of the signed-in user (Settings). */
export function useConnectedAccounts() {
  return useQuery({ queryKey: socialKeys.accounts(), queryFn: () => listConnectedAccounts() });
}

/**
 * After any change to an account both caches are stale: the accounts list (Settings) and the
 * session's grouped pages and stats (Dashboard), which live in the session provider.
 */
function useAfterAccountChange() {
  const queryClient = useQueryClient();
  const { reload } = useSession();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: socialKeys.accounts() }), reload()]);
  };
}

/** Refresh Data: re-reads profile, followers and posts from the platform. */
export function useRefreshAccountData() {
  const afterChange = useAfterAccountChange();
  return useMutation({
    mutationFn: (accountId: string) => refreshAccountData(accountId),
    onSuccess: () => afterChange(),
  });
}

/** Refresh Token: asks the platform for a fresh token; success makes pages 'Active' again. */
export function useRefreshAccountToken() {
  const afterChange = useAfterAccountChange();
  return useMutation({
    mutationFn: (accountId: string) => refreshAccountToken(accountId),
    // A failed refresh may also have marked the token invalid on the server: reload either way.
    onSettled: () => afterChange(),
  });
}

export function useDisconnectAccount() {
  const afterChange = useAfterAccountChange();
  return useMutation({
    mutationFn: (accountId: string) => disconnectAccount(accountId),
    onSuccess: () => afterChange(),
  });
}

/** Reloads the accounts list and the session (after the connect dialog closes in Settings). */
export function useReloadAccounts() {
  return useAfterAccountChange();
}
