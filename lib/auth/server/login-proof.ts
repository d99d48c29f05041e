import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/server/env";

/**
 * Our /api/auth/login and /register check the password (rate-limited) and then hand next-auth's
 * credentials provider this short-lived proof instead of the password, so the password is hashed
 * once and the only way to a password session is through our rate-limited routes.
 */

const VALID_FOR_MS = 60_000;

const sign = (payload: string) =>
  createHmac("sha256", env.AUTH_SECRET).update(`login-proof:${payload}`).digest("base64url");

export function createLoginProof(userId: string, now = Date.now()): string {
  const payload = `${userId}.${now + VALID_FOR_MS}`;
  return `${payload}.${sign(payload)}`;
}

/** The user id the proof was made for, or null when it is forged or expired. */
export function verifyLoginProof(proof: string, now = Date.now()): string | null {
  const parts = proof.split(".");
  if (parts.length !== 3) return null;
  const [userId, expiresAt, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(`${userId}.${expiresAt}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return Number(expiresAt) > now ? userId : null;
}
