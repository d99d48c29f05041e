import { eq } from "drizzle-orm";
import { db } from "@/db";
import { socialAccounts, socialPages, type SocialAccount, type SocialPage } from "@/db/schema";
import { decryptToken, encryptToken } from "@/lib/server/crypto/tokens";
import { isPlatformError, platformModule, type TokenSet } from "@/lib/networks/server";
import type { ConnectablePlatform } from "@/lib/social/schemas";

/**
 * Access tokens on their way to a platform call: renewed shortly before they expire (X's last two
 * hours), under a row lock because X rotates refresh tokens and a second concurrent refresh would
 * use an already-spent one. Only a definitive refusal marks an account or page invalid.
 */

const RENEW_BEFORE_MS = 5 * 60_000;

export async function markAccountInvalid(accountId: string, reason: string): Promise<void> {
  await db
    .update(socialAccounts)
    .set({ hasValidToken: false, tokenInvalidReason: reason })
    .where(eq(socialAccounts.id, accountId));
}

export async function markPageInvalid(pageId: string): Promise<void> {
  await db.update(socialPages).set({ hasValidToken: false }).where(eq(socialPages.id, pageId));
}

/** Stores new tokens; a refresh token is never replaced by nothing. */
export async function saveAccountTokens(accountId: string, tokens: TokenSet, executor: Pick<typeof db, "update"> = db) {
  await executor
    .update(socialAccounts)
    .set({
      accessTokenEnc: encryptToken(tokens.accessToken),
      tokenExpiresAt: tokens.expiresAt,
      ...(tokens.refreshToken
        ? { refreshTokenEnc: encryptToken(tokens.refreshToken), refreshTokenExpiresAt: tokens.refreshTokenExpiresAt }
        : {}),
      hasValidToken: true,
      tokenInvalidReason: null,
    })
    .where(eq(socialAccounts.id, accountId));
}

/** Refreshes through the platform now, whatever the expiry (the 'Refresh Token' button). */
export async function refreshAccountTokensNow(accountId: string): Promise<void> {
  await invalidatingOnRefusal(accountId, () =>
    db.transaction(async (tx) => {
      const [account] = await tx.select().from(socialAccounts).where(eq(socialAccounts.id, accountId)).for("update");
      if (!account) return;
      await saveAccountTokens(account.id, await callRefresh(account), tx);
    }),
  );
}

/** The account's access token, renewed first when it is about to expire and can be renewed. */
export async function freshAccessToken(account: SocialAccount): Promise<string> {
  const expiring = account.tokenExpiresAt !== null && account.tokenExpiresAt.getTime() - Date.now() < RENEW_BEFORE_MS;
  if (!expiring || !account.refreshTokenEnc) return decryptToken(account.accessTokenEnc);
  return invalidatingOnRefusal(account.id, () =>
    db.transaction(async (tx) => {
      const [locked] = await tx.select().from(socialAccounts).where(eq(socialAccounts.id, account.id)).for("update");
      if (!locked) return decryptToken(account.accessTokenEnc);
      // Another process may have renewed it while we waited for the lock.
      if (locked.tokenExpiresAt && locked.tokenExpiresAt.getTime() - Date.now() >= RENEW_BEFORE_MS)
        return decryptToken(locked.accessTokenEnc);
      const tokens = await callRefresh(locked);
      await saveAccountTokens(locked.id, tokens, tx);
      return tokens.accessToken;
    }),
  );
}

/** Marks the account invalid after a definitive refusal, once the row lock has been released. */
async function invalidatingOnRefusal<T>(accountId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isPlatformError(error) && error.kind === "expired_token") await markAccountInvalid(accountId, error.message);
    throw error;
  }
}

async function callRefresh(account: SocialAccount): Promise<TokenSet> {
  return platformModule(account.platform as ConnectablePlatform).refreshTokens({
    accessToken: decryptToken(account.accessTokenEnc),
    refreshToken: account.refreshTokenEnc ? decryptToken(account.refreshTokenEnc) : null,
  });
}

export const pageToken = (page: SocialPage) => (page.accessTokenEnc ? decryptToken(page.accessTokenEnc) : null);
