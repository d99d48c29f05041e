import { and, eq, inArray } from "drizzle-orm";
import { db } from "@/db";
import { posts, postTargets, socialAccounts, socialPages, type SocialAccount, type SocialPage } from "@/db/schema";
import { notFound } from "@/lib/server/api/errors";
import { encryptOptional } from "@/lib/server/crypto/tokens";
import { isPlatformError, platformModule } from "@/lib/server/platforms";
import {
  freshAccessToken,
  markAccountInvalid,
  markPageInvalid,
  pageToken,
  refreshAccountTokensNow,
} from "./account-tokens";
import { onPlatform } from "./platform-errors";
import { isUuid } from "@/lib/ids";
import { listAccounts, pageOrder } from "./queries";
import {
  platformLabels,
  type ConnectablePlatform,
  type ConnectedAccount,
  type UpdateAccountInput,
} from "@/lib/social/schemas";

/** A user's connected accounts: read, rename, refresh data or tokens, test, disconnect. */

const NOT_FOUND = "Account not found";

export async function getAccountOrThrow(userId: string, accountId: string): Promise<ConnectedAccount> {
  const [account] = isUuid(accountId) ? await listAccounts(userId, [accountId]) : [];
  if (!account) throw notFound(NOT_FOUND);
  return account;
}

/** The rows behind an account, owner-checked; another user's id is "not found". */
async function loadOwned(userId: string, accountId: string): Promise<{ account: SocialAccount; pages: SocialPage[] }> {
  if (!isUuid(accountId)) throw notFound(NOT_FOUND);
  const [account] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.userId, userId)));
  if (!account) throw notFound(NOT_FOUND);
  const pages = await db
    .select()
    .from(socialPages)
    .where(eq(socialPages.socialAccountId, account.id))
    .orderBy(...pageOrder);
  return { account, pages };
}

export async function updateAccount(
  userId: string,
  accountId: string,
  input: UpdateAccountInput,
): Promise<ConnectedAccount> {
  const { account } = await loadOwned(userId, accountId);
  await db.update(socialAccounts).set({ displayName: input.displayName }).where(eq(socialAccounts.id, account.id));
  return getAccountOrThrow(userId, account.id);
}

/**
 * Removes the account, its pages and tokens. Scheduled posts that were to go to its pages keep
 * their other pages; the orphaned targets fail with a reason and the post says it needs rescheduling.
 */
export async function deleteAccount(userId: string, accountId: string): Promise<{ affectedScheduledPosts: number }> {
  const { account, pages } = await loadOwned(userId, accountId);
  const label = platformLabels[account.platform];
  const reason = `The ${label} account "${account.displayName ?? account.name ?? account.accountHandle ?? ""}" was disconnected. Reconnect it and reschedule this post.`;
  return db.transaction(async (tx) => {
    const pageIds = pages.map((page) => page.id);
    const affected = pageIds.length
      ? await tx
          .selectDistinct({ postId: postTargets.postId })
          .from(postTargets)
          .innerJoin(posts, eq(posts.id, postTargets.postId))
          .where(and(inArray(postTargets.pageId, pageIds), eq(posts.status, "scheduled"), eq(posts.userId, userId)))
      : [];
    if (pageIds.length) {
      await tx
        .update(postTargets)
        .set({ status: "failed", errorCode: "account_disconnected", errorMessage: reason })
        .where(and(inArray(postTargets.pageId, pageIds), inArray(postTargets.status, ["pending", "failed"])));
    }
    if (affected.length) {
      await tx
        .update(posts)
        .set({ failureReason: reason })
        .where(
          inArray(
            posts.id,
            affected.map((row) => row.postId),
          ),
        );
    }
    await tx.delete(socialAccounts).where(eq(socialAccounts.id, account.id));
    return { affectedScheduledPosts: affected.length };
  });
}

/** 'Refresh Data': name, picture, followers, post count and Last Sync; finds dead tokens on the way. */
export async function refreshAccountData(userId: string, accountId: string): Promise<ConnectedAccount> {
  const { account, pages } = await loadOwned(userId, accountId);
  const platform = account.platform as ConnectablePlatform;
  const client = platformModule(platform);
  const profile = await onPlatform(platform, async () => {
    try {
      return await client.getProfile(await freshAccessToken(account));
    } catch (error) {
      if (isPlatformError(error) && error.kind === "expired_token") await markAccountInvalid(account.id, error.message);
      throw error;
    }
  });
  await db
    .update(socialAccounts)
    .set({
      name: profile.name ?? account.name,
      accountHandle: profile.handle ?? account.accountHandle,
      profilePicture: profile.profilePicture ?? account.profilePicture,
      followerCount: profile.followerCount ?? account.followerCount,
      postCount: profile.postCount ?? account.postCount,
      email: profile.email ?? account.email,
      lastSyncAt: new Date(),
    })
    .where(eq(socialAccounts.id, account.id));

  for (const page of pages) {
    if (client.checkPage) await refreshPageData(page, client.checkPage.bind(client));
    else {
      await db
        .update(socialPages)
        .set({
          name: profile.name ?? page.name,
          username: profile.handle ?? page.username,
          profilePicture: profile.profilePicture,
          followerCount: profile.followerCount ?? page.followerCount,
        })
        .where(eq(socialPages.id, page.id));
    }
  }
  return getAccountOrThrow(userId, account.id);
}

type CheckPage = NonNullable<ReturnType<typeof platformModule>["checkPage"]>;

async function refreshPageData(page: SocialPage, checkPage: CheckPage): Promise<void> {
  const token = pageToken(page);
  if (!token) return;
  try {
    const fresh = await checkPage(page.pageId, token);
    await db
      .update(socialPages)
      .set({ ...fresh, hasValidToken: true })
      .where(eq(socialPages.id, page.id));
  } catch (error) {
    if (isPlatformError(error) && error.kind === "expired_token") await markPageInvalid(page.id);
    else if (!isPlatformError(error) || error.kind !== "transient") throw error;
  }
}

/**
 * 'Refresh Token': X and LinkedIn (partners) through their refresh tokens; Facebook by re-exchanging
 * the long-lived user token and fetching fresh page tokens. A dead token answers "reconnect".
 */
export async function refreshAccountToken(userId: string, accountId: string): Promise<ConnectedAccount> {
  const { account, pages } = await loadOwned(userId, accountId);
  const platform = account.platform as ConnectablePlatform;
  await onPlatform(platform, () => refreshAccountTokensNow(account.id));
  if (platform === "facebook") {
    const { account: renewed } = await loadOwned(userId, accountId);
    const available = await onPlatform(platform, async () =>
      platformModule("facebook").listPages(await freshAccessToken(renewed), {
        accountId: renewed.platformAccountId,
        handle: null,
        name: null,
        email: null,
        profilePicture: null,
        followerCount: null,
        postCount: null,
      }),
    );
    for (const page of pages) {
      const match = available.find((candidate) => candidate.pageId === page.pageId);
      await db
        .update(socialPages)
        .set(
          match
            ? { accessTokenEnc: encryptOptional(match.accessToken), hasValidToken: true, tokenExpiresAt: null }
            : { hasValidToken: false },
        )
        .where(eq(socialPages.id, page.id));
    }
  }
  return getAccountOrThrow(userId, account.id);
}

/** 'test': asks the platform whether the stored tokens still work; records a definitive refusal. */
export async function testAccountToken(userId: string, accountId: string): Promise<{ valid: boolean }> {
  await refreshAccountData(userId, accountId).catch((error: unknown) => {
    if (!(error instanceof Error && "code" in error && error.code === "reconnect_required")) throw error;
  });
  const account = await getAccountOrThrow(userId, accountId);
  return { valid: account.hasValidToken };
}
