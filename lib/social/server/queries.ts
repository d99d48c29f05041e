import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "@/db";
import { socialAccounts, socialPages, type SocialAccount, type SocialPage } from "@/db/schema";
import type { ConnectablePlatform } from "@/lib/networks/platforms";
import { network } from "@/lib/networks";
import { addKnown, totalFollowers } from "@/lib/social/followers";
import type { AccountGroup, AccountStats, ConnectedAccount, PageSummary, SocialPlatform } from "@/lib/social/schemas";

export type { AccountGroup, AccountStats } from "@/lib/social/schemas";

const LINKEDIN_WARNING_MS = 7 * 24 * 60 * 60_000;

/**
 * The one order of an account's pages everywhere: oldest first, then by name. Pages chosen in one
 * connection share their creation time (one transaction), so without the name their order changed
 * from one read to the next.
 */
export const pageOrder = [asc(socialPages.createdAt), asc(socialPages.name), asc(socialPages.id)];

/**
 * When the account stops working by itself: with a refresh token (X, LinkedIn partners) that is the
 * refresh token's expiry, since access tokens are renewed before use; otherwise the access token's.
 */
export function accountTokenExpiry(account: SocialAccount): Date | null {
  return account.refreshTokenEnc ? account.refreshTokenExpiresAt : account.tokenExpiresAt;
}

export function isAccountTokenValid(account: SocialAccount, now = new Date()): boolean {
  const expiry = accountTokenExpiry(account);
  return account.hasValidToken && (expiry === null || expiry.getTime() > now.getTime());
}

export function isPageTokenValid(page: SocialPage, account: SocialAccount, now = new Date()): boolean {
  const pageExpired = page.tokenExpiresAt !== null && page.tokenExpiresAt.getTime() <= now.getTime();
  return isAccountTokenValid(account, now) && page.hasValidToken && !pageExpired;
}

function toPageSummary(page: SocialPage, account: SocialAccount): PageSummary {
  return {
    id: page.id,
    pageId: page.pageId,
    accountId: account.id,
    name: page.name,
    username: page.username ?? account.accountHandle ?? null,
    profilePicture: page.profilePicture ?? null,
    category: page.category ?? null,
    followerCount: page.followerCount,
    hasValidToken: isPageTokenValid(page, account),
    permissions: page.permissions,
    platform: account.platform as SocialPlatform,
  };
}

export function toConnectedAccount(account: SocialAccount, pages: SocialPage[], now = new Date()): ConnectedAccount {
  const expiry = accountTokenExpiry(account);
  const category =
    typeof account.metadata.category === "string" ? account.metadata.category : (pages[0]?.category ?? null);
  return {
    _id: account.id,
    id: account.id,
    platform: account.platform as SocialPlatform,
    displayName: account.displayName,
    name: account.name,
    accountHandle: account.accountHandle,
    profilePicture: account.profilePicture,
    followerCount: account.followerCount,
    postCount: account.postCount,
    lastSync: account.lastSyncAt?.toISOString() ?? null,
    tokenExpiry: expiry?.toISOString() ?? null,
    hasValidToken: isAccountTokenValid(account, now) && pages.every((page) => isPageTokenValid(page, account, now)),
    tokenExpiresSoon:
      expiry !== null && expiry.getTime() - now.getTime() < LINKEDIN_WARNING_MS && expiry.getTime() > now.getTime(),
    metadata: {
      category: network(account.platform as ConnectablePlatform).publishesAs === "pages" ? category : null,
      email: account.email,
    },
    pages: pages.map((page) => toPageSummary(page, account)),
    createdAt: account.createdAt.toISOString(),
  };
}

/** The workspace's accounts with their pages, oldest first; optionally only the given ids. */
export async function listAccounts(workspaceId: string, ids?: string[]): Promise<ConnectedAccount[]> {
  const accounts = await db
    .select()
    .from(socialAccounts)
    .where(
      ids
        ? and(eq(socialAccounts.workspaceId, workspaceId), inArray(socialAccounts.id, ids))
        : eq(socialAccounts.workspaceId, workspaceId),
    )
    .orderBy(asc(socialAccounts.createdAt), asc(socialAccounts.id));
  if (accounts.length === 0) return [];
  const pages = await db
    .select()
    .from(socialPages)
    .where(
      and(
        eq(socialPages.workspaceId, workspaceId),
        inArray(
          socialPages.socialAccountId,
          accounts.map((a) => a.id),
        ),
      ),
    )
    .orderBy(...pageOrder);
  return accounts.map((account) =>
    toConnectedAccount(
      account,
      pages.filter((page) => page.socialAccountId === account.id),
    ),
  );
}

/** The workspace's connected pages grouped by platform (dashboard, /api/auth/me). */
export async function listAccountGroups(workspaceId: string): Promise<AccountGroup[]> {
  const groups = new Map<SocialPlatform, AccountGroup>();
  for (const account of await listAccounts(workspaceId)) {
    const group = groups.get(account.platform) ?? {
      platform: account.platform,
      totalPages: 0,
      totalFollowers: null,
      pages: [],
    };
    for (const page of account.pages) {
      group.pages.push(page);
      group.totalPages += 1;
      group.totalFollowers = addKnown(group.totalFollowers, page.followerCount);
    }
    groups.set(account.platform, group);
  }
  return [...groups.values()];
}

export function getAccountStats(groups: AccountGroup[]): AccountStats {
  return {
    totalConnectedPlatforms: groups.length,
    totalPages: groups.reduce((sum, group) => sum + group.totalPages, 0),
    totalFollowers: totalFollowers(groups.map((group) => group.totalFollowers)),
  };
}
