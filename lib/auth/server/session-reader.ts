import { cookies } from "next/headers";
import { decode } from "next-auth/jwt";
import { env, isHttps } from "@/lib/server/env";

/**
 * The signed-in user of an API request, read straight from the session cookie. next-auth's `auth()`
 * runs its whole session action for this (decrypt, callbacks, encrypt a fresh token) on every call,
 * which was most of the CPU of a small authenticated request. A session is a self-contained
 * encrypted JWT, so decrypting it once is enough: the result is kept for the same cookie value for
 * a minute at most, and never past the token's own expiry. This only saves the decryption: whether
 * the session (`sid`) is still live is asked on every request (session.ts, user-sessions.ts), so a
 * revoked session ends at once whatever this cache holds. A token without a `sid` (issued before
 * sessions could be revoked) is no session.
 */

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** The `user_sessions` row this cookie belongs to. */
  sessionId: string;
}

const COOKIE = `${isHttps ? "__Secure-" : ""}authjs.session-token`;
const CACHE_MS = 60_000;
const CACHE_MAX = 5_000;

const cache = new Map<string, { identity: SessionUser; until: number }>();

/** undefined: the cookie is split into chunks (a large token); let next-auth read it. */
export async function readSessionCookie(): Promise<SessionUser | null | undefined> {
  const jar = await cookies();
  const token = jar.get(COOKIE)?.value;
  if (!token) return jar.get(`${COOKIE}.0`) ? undefined : null;

  const now = Date.now();
  const hit = cache.get(token);
  if (hit && hit.until > now) return hit.identity;
  if (hit) cache.delete(token);

  const payload = await decode({ token, secret: env.AUTH_SECRET, salt: COOKIE }).catch(() => null);
  if (!payload?.sub || typeof payload.email !== "string" || typeof payload.sid !== "string") return null;
  const identity = {
    id: payload.sub,
    email: payload.email,
    name: typeof payload.name === "string" ? payload.name : "",
    sessionId: payload.sid,
  };
  const expiresAt = typeof payload.exp === "number" ? payload.exp * 1000 : now;
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(token, { identity, until: Math.min(now + CACHE_MS, expiresAt) });
  return identity;
}
