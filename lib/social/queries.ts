import { asc, eq } from "drizzle-orm";
import { db } from "@/db";
import { socialAccounts, socialPages } from "@/db/schema";
import type { AccountGroup, AccountStats, PageSummary, SocialPlatform } from "./schemas";

export type { AccountGroup, AccountStats } from "./schemas";

/** A token is usable when nobody marked it invalid and its expiry, if any, is still ahead. */
export function isTokenValid(flag: boolean, expiresAt: Date | null, now = new Date()): boolean {
  return flag && (expiresAt === null || expiresAt.getTime() > now.getTime());
}

/** The user's connected pages grouped by platform, in the order they were connected. */
export async function listAccountGroups(userId: string): Promise<AccountGroup[]> {
  const rows = await db
    .select({ page: socialPages, account: socialAccounts })
    .from(socialPages)
    .innerJoin(socialAccounts, eq(socialPages.socialAccountId, socialAccounts.id))
    .where(eq(socialPages.userId, userId))
    .orderBy(asc(socialAccounts.createdAt), asc(socialPages.createdAt));

  const groups = new Map<SocialPlatform, AccountGroup>();
  for (const { page, account } of rows) {
    const platform = account.platform as SocialPlatform;
    const group = groups.get(platform) ?? { platform, totalPages: 0, totalFollowers: 0, pages: [] };
    const summary: PageSummary = {
      id: page.id,
      pageId: page.pageId,
      accountId: account.id,
      name: page.name,
      username: page.username ?? account.accountHandle ?? null,
      profilePicture: page.profilePicture ?? null,
      category: page.category ?? null,
      followerCount: page.followerCount ?? 0,
      hasValidToken:
        isTokenValid(account.hasValidToken, account.tokenExpiresAt) &&
        isTokenValid(page.hasValidToken, page.tokenExpiresAt),
      permissions: page.permissions ?? [],
      platform,
    };
    group.pages.push(summary);
    group.totalPages += 1;
    group.totalFollowers += summary.followerCount;
    groups.set(platform, group);
  }
  return [...groups.values()];
}

export function getAccountStats(groups: AccountGroup[]): AccountStats {
  return {
    totalConnectedPlatforms: groups.length,
    totalPages: groups.reduce((sum, group) => sum + group.totalPages, 0),
    totalFollowers: groups.reduce((sum, group) => sum + group.totalFollowers, 0),
  };
}
