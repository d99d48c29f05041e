import type { ConnectedAccount } from "@/lib/social/schemas";

/** Spec section 4: an account's token is expired when hasValidToken is false or tokenExpiry has passed. */
export function isAccountTokenExpired(
  account: Pick<ConnectedAccount, "hasValidToken" | "tokenExpiry">,
  now: Date = new Date(),
): boolean {
  if (!account.hasValidToken) return true;
  if (!account.tokenExpiry) return false;
  const expiry = Date.parse(account.tokenExpiry);
  return !Number.isNaN(expiry) && expiry <= now.getTime();
}

/** displayName, else name, else handle. */
export function accountDisplayName(account: Pick<ConnectedAccount, "displayName" | "name" | "accountHandle">): string {
  return account.displayName || account.name || account.accountHandle || "Unnamed account";
}
