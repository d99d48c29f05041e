"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "@/lib/client/session";
import { socialKeys } from "@/lib/social/query-keys";
import {
  listConnectedAccounts,
  refreshAccountData,
  refreshAccountToken,
  disconnectAccount,
  disconnectPage,
} from "@/lib/client/requests/social";

/** TanStack Query over lib/client/requests/social.ts: query keys, queries and mutations that refresh what they change. */

export { socialKeys };

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

export function useDisconnectPage() {
  const afterChange = useAfterAccountChange();
  return useMutation({
    mutationFn: (pageId: string) => disconnectPage(pageId),
    onSuccess: () => afterChange(),
  });
}

/** Reloads the accounts list and the session (after the connect dialog closes in Settings). */
export function useReloadAccounts() {
  return useAfterAccountChange();
}
