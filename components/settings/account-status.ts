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
  /** 'Connected by Jane Doe' for a Facebook account shown as its Page; else null. */
  byline: string | null;
  category: string | null;
  followerCount: number | null;
  /** The other Pages connected through the same Facebook login. */
  otherPages: string[];
}

/**
 * Who a Settings card presents. A Facebook connection is a person's login that publishes as
 * Pages, and users know it by its Page: the card shows the (first) Page's name, picture, category
 * and followers, names the person only as who connected it, and lists any further Pages. Other
 * networks publish as the profile itself.
 */
export function accountIdentity(account: ConnectedAccount): AccountIdentity {
  const person = accountDisplayName(account);
  const [page, ...others] = account.platform === "facebook" ? account.pages : [];
  if (!page) {
    return {
      name: person,
      picture: account.profilePicture,
      byline: null,
      category: account.platform === "facebook" ? (account.metadata?.category ?? null) : null,
      followerCount: account.followerCount,
      otherPages: [],
    };
  }
  return {
    name: page.name,
    picture: page.profilePicture,
    byline: person === page.name ? null : `Connected by ${person}`,
    category: page.category,
    followerCount: page.followerCount,
    otherPages: others.map((other) => other.name),
  };
}
