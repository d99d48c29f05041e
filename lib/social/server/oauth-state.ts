import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { db } from "@/db";
import { oauthStates } from "@/db/schema";
import { badRequest } from "@/lib/server/api/errors";
import { decryptToken, encryptOptional } from "@/lib/server/crypto/tokens";
import { env } from "@/lib/server/env";
import type { ConnectablePlatform } from "@/lib/social/schemas";
import type { Actor } from "@/lib/workspaces/schemas";

/**
 * The `state` of a connect attempt: a random id signed with AUTH_SECRET and bound to the person,
 * the workspace the account is to join and the platform, stored so it can be used once. A forged, foreign, expired or replayed state is refused.
 */

const STATE_TTL_MS = 10 * 60_000;
export const INVALID_STATE_MESSAGE = "This authorization link is invalid or has expired. Please try connecting again.";

/** `<id>.<signature>`: 24 random bytes and an HMAC-SHA256, both base64url; nothing before, after or between. */
const STATE_FORMAT = /^([A-Za-z0-9_-]{32})\.([A-Za-z0-9_-]{43})$/;

const sign = (id: string, userId: string, workspaceId: string, platform: string) =>
  createHmac("sha256", env.AUTH_SECRET)
    .update(`oauth-state:${id}:${userId}:${workspaceId}:${platform}`)
    .digest("base64url");

export const callbackUrl = (platform: ConnectablePlatform) =>
  `${env.APP_URL.replace(/\/$/, "")}/auth/callback/${platform}`;

export async function createConnectState(
  { userId, workspaceId }: Actor,
  platform: ConnectablePlatform,
  usesPkce: boolean,
) {
  const id = randomBytes(24).toString("base64url");
  const codeVerifier = usesPkce ? randomBytes(48).toString("base64url") : null;
  const redirectUri = callbackUrl(platform);
  const now = Date.now();
  // Expired states are of no use to anyone: sweep the user's old ones while we are here.
  await db.delete(oauthStates).where(and(eq(oauthStates.userId, userId), lt(oauthStates.expiresAt, new Date(now))));
  await db.insert(oauthStates).values({
    id,
    userId,
    workspaceId,
    platform,
    codeVerifierEnc: encryptOptional(codeVerifier),
    redirectUri,
    expiresAt: new Date(now + STATE_TTL_MS),
  });
  return {
    state: `${id}.${sign(id, userId, workspaceId, platform)}`,
    redirectUri,
    codeChallenge: codeVerifier ? createHash("sha256").update(codeVerifier).digest("base64url") : null,
  };
}

/**
 * Marks the state used and returns what the code exchange needs and the workspace the account
 * joins, or refuses with 400.
 */
export async function consumeConnectState(userId: string, platform: ConnectablePlatform, state: string | undefined) {
  // Parsed whole: a split on "." ignored anything after a second dot, so `<genuine state>.x` passed.
  const [, id, signature] = STATE_FORMAT.exec(state ?? "") ?? [];
  if (!id || !signature) throw badRequest(INVALID_STATE_MESSAGE, "invalid_state");
  const [stored] = await db
    .select({ workspaceId: oauthStates.workspaceId })
    .from(oauthStates)
    .where(eq(oauthStates.id, id));
  const expected = Buffer.from(sign(id, userId, stored?.workspaceId ?? "", platform));
  const given = Buffer.from(signature);
  if (!stored || expected.length !== given.length || !timingSafeEqual(expected, given))
    throw badRequest(INVALID_STATE_MESSAGE, "invalid_state");

  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oauthStates.id, id),
        eq(oauthStates.userId, userId),
        eq(oauthStates.platform, platform),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row) throw badRequest(INVALID_STATE_MESSAGE, "invalid_state");
  return {
    workspaceId: row.workspaceId,
    redirectUri: row.redirectUri,
    codeVerifier: row.codeVerifierEnc ? decryptToken(row.codeVerifierEnc) : null,
  };
}
