import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { db } from "@/db";
import { pendingConnections, type PendingConnection } from "@/db/schema";
import { badRequest } from "@/lib/server/api/errors";
import { decryptToken, encryptOptional, encryptToken } from "@/lib/server/crypto/tokens";
import type { PlatformProfile, TokenSet } from "@/lib/networks/server";
import type { ConnectablePlatform } from "@/lib/social/schemas";
import type { Actor } from "@/lib/workspaces/schemas";

/**
 * Between the OAuth callback and the person's choice of pages, the platform's tokens wait here
 * (encrypted), with the workspace the account joins. The browser holds only the row's random id as its `userAccessToken`.
 */

const PENDING_TTL_MS = 15 * 60_000;
export const EXPIRED_CONNECTION_MESSAGE = "This connection attempt has expired. Please connect the account again.";

export async function savePendingConnection(
  { userId, workspaceId }: Actor,
  platform: ConnectablePlatform,
  profile: PlatformProfile,
  tokens: TokenSet,
) {
  const id = randomBytes(32).toString("base64url");
  const now = Date.now();
  await db
    .delete(pendingConnections)
    .where(and(eq(pendingConnections.userId, userId), lt(pendingConnections.expiresAt, new Date(now))));
  await db.insert(pendingConnections).values({
    id,
    userId,
    workspaceId,
    platform,
    platformAccountId: profile.accountId,
    profile: { ...profile },
    accessTokenEnc: encryptToken(tokens.accessToken),
    refreshTokenEnc: encryptOptional(tokens.refreshToken),
    tokenExpiresAt: tokens.expiresAt,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
    scopes: tokens.scopes,
    expiresAt: new Date(now + PENDING_TTL_MS),
  });
  return id;
}

export interface OpenConnection {
  row: PendingConnection;
  profile: PlatformProfile;
  tokens: TokenSet;
}

function open(row: PendingConnection): OpenConnection {
  return {
    row,
    profile: row.profile as unknown as PlatformProfile,
    tokens: {
      accessToken: decryptToken(row.accessTokenEnc),
      refreshToken: row.refreshTokenEnc ? decryptToken(row.refreshTokenEnc) : null,
      expiresAt: row.tokenExpiresAt,
      refreshTokenExpiresAt: row.refreshTokenExpiresAt,
      scopes: row.scopes,
    },
  };
}

const usable = (userId: string, platform: ConnectablePlatform, id: string) =>
  and(
    eq(pendingConnections.id, id),
    eq(pendingConnections.userId, userId),
    eq(pendingConnections.platform, platform),
    isNull(pendingConnections.usedAt),
    gt(pendingConnections.expiresAt, new Date()),
  );

/** Reads a pending connection without using it up (listing Facebook pages). */
export async function peekPendingConnection(
  userId: string,
  platform: ConnectablePlatform,
  id: string,
): Promise<OpenConnection> {
  const [row] = await db
    .select()
    .from(pendingConnections)
    .where(usable(userId, platform, id));
  if (!row) throw badRequest(EXPIRED_CONNECTION_MESSAGE, "connection_expired");
  return open(row);
}

/** Uses the pending connection up; a second call (double click, replay) is refused. */
export async function takePendingConnection(
  userId: string,
  platform: ConnectablePlatform,
  id: string,
): Promise<OpenConnection> {
  const [row] = await db
    .update(pendingConnections)
    .set({ usedAt: new Date() })
    .where(usable(userId, platform, id))
    .returning();
  if (!row) throw badRequest(EXPIRED_CONNECTION_MESSAGE, "connection_expired");
  return open(row);
}
