import { and, eq } from "drizzle-orm";
import { db } from "@/db";
import { socialAccounts, socialPages } from "@/db/schema";
import { network } from "@/lib/networks";
import { badRequest } from "@/lib/server/api/errors";
import { assertCanConnectAccount } from "@/lib/billing/server/limits";
import { encryptOptional, encryptToken } from "@/lib/server/crypto/tokens";
import { platformModule, type PlatformPage, type PlatformProfile, type TokenSet } from "@/lib/networks/server";
import type { Actor } from "@/lib/workspaces/schemas";
import { assertMemberCan } from "@/lib/workspaces/server/workspaces";
import { getAccountOrThrow } from "./accounts-service";
import { consumeConnectState, createConnectState } from "./oauth-state";
import { peekPendingConnection, savePendingConnection, takePendingConnection } from "./pending-connections";
import { onPlatform } from "./platform-errors";
import { recordActivity } from "@/lib/activity/server/record";
import type {
  ConnectablePlatform,
  ConnectedAccount,
  FacebookPageCandidate,
  OAuthCallbackResult,
} from "@/lib/social/schemas";

/**
 * Connecting a Facebook / X / LinkedIn account: authorization URL → callback → (pages) → stored.
 * The workspace the account joins is the one the connect started in, carried by the OAuth state
 * and the pending connection; the person's right to manage its accounts is checked again when the
 * account is stored.
 */

/**
 * The plan's account limit is checked when a new account is stored, not here: a user at the limit
 * must still be able to reconnect an account whose token expired.
 */
export async function startConnect(actor: Actor, platform: ConnectablePlatform): Promise<string> {
  const client = platformModule(platform);
  const { state, redirectUri, codeChallenge } = await createConnectState(actor, platform, client.usesPkce);
  return client.authorizationUrl({ state, redirectUri, codeChallenge });
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

export async function completeCallback(
  userId: string,
  platform: ConnectablePlatform,
  query: CallbackQuery,
): Promise<OAuthCallbackResult> {
  if (query.error) throw badRequest(`Authorization denied: ${query.error}`, "authorization_denied");
  if (!query.code) throw badRequest("Authorization code not received", "missing_code");
  const { workspaceId, redirectUri, codeVerifier } = await consumeConnectState(userId, platform, query.state);
  const client = platformModule(platform);
  const code = query.code;
  const tokens = await onPlatform(platform, () => client.exchangeCode({ code, redirectUri, codeVerifier }));
  const profile = await onPlatform(platform, () => client.getProfile(tokens.accessToken));
  const userAccessToken = await savePendingConnection({ userId, workspaceId }, platform, profile, tokens);
  return {
    platform,
    accountId: profile.accountId,
    accountHandle: profile.handle,
    userAccessToken,
    displayName: profile.name,
    email: profile.email,
    profilePicture: profile.profilePicture,
  };
}

export async function listFacebookPageCandidates(
  userId: string,
  connectionToken: string,
): Promise<FacebookPageCandidate[]> {
  const { tokens, profile } = await peekPendingConnection(userId, "facebook", connectionToken);
  const pages = await onPlatform("facebook", () => platformModule("facebook").listPages(tokens.accessToken, profile));
  return pages.map((page) => ({
    id: page.pageId,
    name: page.name,
    category: page.category,
    fan_count: page.followerCount ?? 0,
    tasks: page.permissions,
    picture: { data: { url: page.profilePicture } },
  }));
}

export async function connectFacebookPages(
  userId: string,
  connectionToken: string,
  pageIds: string[],
): Promise<ConnectedAccount> {
  if (pageIds.length === 0) throw badRequest("Please select at least one page to connect");
  const { row, tokens, profile } = await takePendingConnection(userId, "facebook", connectionToken);
  await assertMemberCan(userId, row.workspaceId, "manageAccounts");
  const available = await onPlatform("facebook", () =>
    platformModule("facebook").listPages(tokens.accessToken, profile),
  );
  const wanted = new Set(pageIds);
  const chosen = available.filter((page) => wanted.has(page.pageId));
  const missing = pageIds.filter((id) => !available.some((page) => page.pageId === id));
  if (missing.length > 0 || chosen.length === 0) {
    throw badRequest(
      "Some selected pages are no longer available to this Facebook account. Please connect again.",
      "page_not_available",
    );
  }
  return storeAccount(row.workspaceId, userId, "facebook", profile, tokens, chosen);
}

export async function connectProfile(
  userId: string,
  platform: ConnectablePlatform,
  connectionToken: string,
): Promise<ConnectedAccount> {
  if (network(platform).publishesAs === "pages")
    throw badRequest(`${network(platform).shortLabel} accounts are connected by choosing pages`);
  const { row, tokens, profile } = await takePendingConnection(userId, platform, connectionToken);
  await assertMemberCan(userId, row.workspaceId, "manageAccounts");
  const pages = await onPlatform(platform, () => platformModule(platform).listPages(tokens.accessToken, profile));
  return storeAccount(row.workspaceId, userId, platform, profile, tokens, pages);
}

/** Creates the account, or refreshes it when the same platform account is connected again. */
async function storeAccount(
  workspaceId: string,
  actorId: string,
  platform: ConnectablePlatform,
  profile: PlatformProfile,
  tokens: TokenSet,
  pages: PlatformPage[],
): Promise<ConnectedAccount> {
  const [existing] = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.workspaceId, workspaceId),
        eq(socialAccounts.platform, platform),
        eq(socialAccounts.platformAccountId, profile.accountId),
      ),
    );
  const now = new Date();
  const accountValues = {
    accountHandle: profile.handle,
    name: profile.name,
    email: profile.email,
    profilePicture: profile.profilePicture,
    accessTokenEnc: encryptToken(tokens.accessToken),
    tokenExpiresAt: tokens.expiresAt,
    scopes: tokens.scopes,
    hasValidToken: true,
    tokenInvalidReason: null,
    followerCount: profile.followerCount,
    postCount: profile.postCount,
    lastSyncAt: now,
  };
  const accountId = await db.transaction(async (tx) => {
    // A new account counts against the plan; a reconnect of one already here does not.
    if (!existing) await assertCanConnectAccount(workspaceId, tx);
    const [account] = await tx
      .insert(socialAccounts)
      .values({
        workspaceId,
        platform,
        platformAccountId: profile.accountId,
        displayName: profile.name,
        refreshTokenEnc: encryptOptional(tokens.refreshToken),
        refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
        ...accountValues,
      })
      .onConflictDoUpdate({
        target: [socialAccounts.workspaceId, socialAccounts.platform, socialAccounts.platformAccountId],
        // A refresh token is never replaced by nothing: platforms that send none keep the old one.
        set: {
          ...accountValues,
          ...(tokens.refreshToken
            ? {
                refreshTokenEnc: encryptToken(tokens.refreshToken),
                refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
              }
            : {}),
        },
      })
      .returning({ id: socialAccounts.id });
    if (!account) throw new Error("account upsert returned nothing");
    for (const page of pages) {
      const pageValues = {
        name: page.name,
        username: page.username,
        category: page.category,
        profilePicture: page.profilePicture,
        followerCount: page.followerCount,
        permissions: page.permissions,
        accessTokenEnc: encryptOptional(page.accessToken),
        hasValidToken: true,
      };
      await tx
        .insert(socialPages)
        .values({ socialAccountId: account.id, workspaceId, platform, pageId: page.pageId, ...pageValues })
        .onConflictDoUpdate({ target: [socialPages.socialAccountId, socialPages.pageId], set: pageValues });
    }
    await recordActivity(tx, {
      workspaceId,
      actorId,
      kind: "account_connected",
      subject: profile.name || profile.handle || network(platform).shortLabel,
      details: { platform, accountId: account.id, pages: pages.map((page) => page.name), reconnected: !!existing },
    });
    return account.id;
  });
  return getAccountOrThrow(workspaceId, accountId);
}
