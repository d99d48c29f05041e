import { and, eq, inArray } from "drizzle-orm";
import { db, type Transaction } from "@/db";
import { posts, postTargets, socialAccounts, socialPages, type SocialAccount, type SocialPage } from "@/db/schema";
import { network } from "@/lib/networks";
import { notFound } from "@/lib/server/api/errors";
import { encryptOptional } from "@/lib/server/crypto/tokens";
import { isPlatformError, platformModule } from "@/lib/networks/server";
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
import { recordActivity } from "@/lib/activity/server/record";
import {
  platformLabels,
  type ConnectablePlatform,
  type ConnectedAccount,
  type UpdateAccountInput,
} from "@/lib/social/schemas";

/** A user's connected accounts: read, rename, refresh data or tokens, test, disconnect. */

const NOT_FOUND = "Account not found";
const PAGE_NOT_FOUND = "Page not found";

export async function getAccountOrThrow(workspaceId: string, accountId: string): Promise<ConnectedAccount> {
  const [account] = isUuid(accountId) ? await listAccounts(workspaceId, [accountId]) : [];
  if (!account) throw notFound(NOT_FOUND);
  return account;
}

/** The rows behind an account, workspace-checked; another workspace's id is "not found". */
async function loadOwned(
  workspaceId: string,
  accountId: string,
): Promise<{ account: SocialAccount; pages: SocialPage[] }> {
  if (!isUuid(accountId)) throw notFound(NOT_FOUND);
  const [account] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.workspaceId, workspaceId)));
  if (!account) throw notFound(NOT_FOUND);
  const pages = await db
    .select()
    .from(socialPages)
    .where(eq(socialPages.socialAccountId, account.id))
    .orderBy(...pageOrder);
  return { account, pages };
}

export async function updateAccount(
  workspaceId: string,
  accountId: string,
  input: UpdateAccountInput,
): Promise<ConnectedAccount> {
  const { account } = await loadOwned(workspaceId, accountId);
  await db.update(socialAccounts).set({ displayName: input.displayName }).where(eq(socialAccounts.id, account.id));
  return getAccountOrThrow(workspaceId, account.id);
}

/**
 * Scheduled posts that were to go to `pageIds` keep their other pages; the orphaned targets fail
 * with `reason` and the post says it needs rescheduling. Returns how many scheduled posts it touched.
 */
async function failScheduledTargets(tx: Transaction, workspaceId: string, pageIds: string[], reason: string) {
  if (pageIds.length === 0) return 0;
  const affected = await tx
    .selectDistinct({ postId: postTargets.postId })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(
      and(inArray(postTargets.pageId, pageIds), eq(posts.status, "scheduled"), eq(posts.workspaceId, workspaceId)),
    );
  await tx
    .update(postTargets)
    .set({ status: "failed", errorCode: "account_disconnected", errorMessage: reason })
    .where(and(inArray(postTargets.pageId, pageIds), inArray(postTargets.status, ["pending", "failed"])));
  if (affected.length)
    await tx
      .update(posts)
      .set({ failureReason: reason })
      .where(
        inArray(
          posts.id,
          affected.map((row) => row.postId),
        ),
      );
  return affected.length;
}

/** Removes the account, its pages and tokens (see failScheduledTargets for the posts that were to go there). */
export async function deleteAccount(
  workspaceId: string,
  actorId: string,
  accountId: string,
): Promise<{ affectedScheduledPosts: number }> {
  const { account, pages } = await loadOwned(workspaceId, accountId);
  const label = platformLabels[account.platform];
  const reason = `The ${label} account "${account.displayName ?? account.name ?? account.accountHandle ?? ""}" was disconnected. Reconnect it and reschedule this post.`;
  return db.transaction(async (tx) => {
    const affected = await failScheduledTargets(
      tx,
      workspaceId,
      pages.map((page) => page.id),
      reason,
    );
    await tx.delete(socialAccounts).where(eq(socialAccounts.id, account.id));
    await recordActivity(tx, {
      workspaceId,
      actorId,
      kind: "account_disconnected",
      subject: account.displayName ?? account.name ?? account.accountHandle ?? label,
      details: { platform: account.platform, accountId: account.id, affectedScheduledPosts: affected },
    });
    return { affectedScheduledPosts: affected };
  });
}

/**
 * DELETE /api/social/pages/{id}: one Page of a login that connected several goes on its own (its
 * token with it); the login and its other Pages stay. The login's last Page takes the login with it,
 * as disconnecting the account does.
 */
export async function deletePage(
  workspaceId: string,
  actorId: string,
  pageId: string,
): Promise<{ affectedScheduledPosts: number; accountRemoved: boolean }> {
  const [page] = isUuid(pageId)
    ? await db
        .select()
        .from(socialPages)
        .where(and(eq(socialPages.id, pageId), eq(socialPages.workspaceId, workspaceId)))
    : [];
  if (!page) throw notFound(PAGE_NOT_FOUND);
  const { pages } = await loadOwned(workspaceId, page.socialAccountId);
  if (pages.length === 1)
    return { ...(await deleteAccount(workspaceId, actorId, page.socialAccountId)), accountRemoved: true };
  const reason = `The ${platformLabels[page.platform]} Page "${page.name}" was disconnected. Reconnect it and reschedule this post.`;
  return db.transaction(async (tx) => {
    const affected = await failScheduledTargets(tx, workspaceId, [page.id], reason);
    await tx.delete(socialPages).where(eq(socialPages.id, page.id));
    await recordActivity(tx, {
      workspaceId,
      actorId,
      kind: "account_disconnected",
      subject: page.name,
      details: {
        platform: page.platform,
        accountId: page.socialAccountId,
        pageId: page.id,
        affectedScheduledPosts: affected,
      },
    });
    return { affectedScheduledPosts: affected, accountRemoved: false };
  });
}

/** 'Refresh Data': name, picture, followers, post count and Last Sync; finds dead tokens on the way. */
export async function refreshAccountData(workspaceId: string, accountId: string): Promise<ConnectedAccount> {
  const { account, pages } = await loadOwned(workspaceId, accountId);
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
  return getAccountOrThrow(workspaceId, account.id);
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
export async function refreshAccountToken(workspaceId: string, accountId: string): Promise<ConnectedAccount> {
  const { account, pages } = await loadOwned(workspaceId, accountId);
  const platform = account.platform as ConnectablePlatform;
  await onPlatform(platform, () => refreshAccountTokensNow(account.id));
  if (network(platform).publishesAs === "pages") {
    const { account: renewed } = await loadOwned(workspaceId, accountId);
    const available = await onPlatform(platform, async () =>
      platformModule(platform).listPages(await freshAccessToken(renewed), {
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
  return getAccountOrThrow(workspaceId, account.id);
}

/** 'test': asks the platform whether the stored tokens still work; records a definitive refusal. */
export async function testAccountToken(workspaceId: string, accountId: string): Promise<{ valid: boolean }> {
  await refreshAccountData(workspaceId, accountId).catch((error: unknown) => {
    if (!(error instanceof Error && "code" in error && error.code === "reconnect_required")) throw error;
  });
  const account = await getAccountOrThrow(workspaceId, accountId);
  return { valid: account.hasValidToken };
}
