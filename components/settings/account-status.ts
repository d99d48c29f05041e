import type { ConnectedAccount } from "@/lib/social/schemas";
import { networkOrNull } from "@/lib/networks";

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

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * 'Expires in 5 days' for an account whose token the API flags as expiring soon (tokenExpiresSoon:
 * within 7 days; LinkedIn's tokens last 60), else null. An expired token says so elsewhere.
 */
export function tokenExpiresIn(
  account: Pick<ConnectedAccount, "hasValidToken" | "tokenExpiry" | "tokenExpiresSoon">,
  now: Date = new Date(),
): string | null {
  if (!account.tokenExpiresSoon || !account.tokenExpiry || isAccountTokenExpired(account, now)) return null;
  const left = Date.parse(account.tokenExpiry) - now.getTime();
  if (Number.isNaN(left) || left <= 0) return null;
  if (left < DAY_MS) {
    const hours = Math.ceil(left / HOUR_MS);
    return `Expires in ${hours} ${hours === 1 ? "hour" : "hours"}`;
  }
  const days = Math.ceil(left / DAY_MS);
  return `Expires in ${days} ${days === 1 ? "day" : "days"}`;
}

export interface AccountIdentity {
  /** The card's heading. */
  name: string;
  picture: string | null;
  /** 'Connected by Jane Doe' for a Page connected through a person's login; else null. */
  byline: string | null;
  category: string | null;
  followerCount: number | null;
}

/** One card of Settings: an account, or one Page of a login that publishes as Pages. */
export interface AccountCardEntry {
  key: string;
  account: ConnectedAccount;
  page: ConnectedAccount["pages"][number] | null;
}

/**
 * The cards Settings shows: a connection to a network that publishes as Pages (Facebook) is a
 * person's login, and users know it by its Pages, each managed on its own; so it shows a card per
 * Page. Other networks publish as the profile itself: a card per account.
 */
export function accountCards(accounts: readonly ConnectedAccount[]): AccountCardEntry[] {
  return accounts.flatMap((account): AccountCardEntry[] => {
    const asPages = networkOrNull(account.platform)?.publishesAs === "pages";
    if (!asPages || account.pages.length === 0) return [{ key: account.id, account, page: null }];
    return account.pages.map((page) => ({ key: `${account.id}:${page.id}`, account, page }));
  });
}

/**
 * Who a Settings card presents: the Page (its name, picture, category and followers, the person
 * named only as who connected it), or the account's own profile.
 */
export function accountIdentity(
  account: ConnectedAccount,
  page: ConnectedAccount["pages"][number] | null = null,
): AccountIdentity {
  const person = accountDisplayName(account);
  const asPages = networkOrNull(account.platform)?.publishesAs === "pages";
  if (!page || !asPages) {
    return {
      name: person,
      picture: account.profilePicture,
      byline: null,
      category: asPages ? (account.metadata?.category ?? null) : null,
      followerCount: account.followerCount,
    };
  }
  return {
    name: page.name,
    picture: page.profilePicture,
    byline: person === page.name ? null : `Connected by ${person}`,
    category: page.category,
    followerCount: page.followerCount,
  };
}
