import { createHash } from "node:crypto";
import { defineSlice } from "../../state";

/**
 * Who signs in with the sandbox's Google, and what a client may learn about them. Google's rule is
 * kept: the profile claims need the `profile` scope, the e-mail claims the `email` scope.
 */

export interface GoogleUser {
  sub: string;
  email: string;
  name: string;
  picture: string;
  /** Google reports most addresses verified; an account created with another provider's address may not be yet. */
  emailVerified: boolean;
}

export const googleState = defineSlice(
  "google",
  () => ({ users: new Map<string, GoogleUser>() }),
  (state) => ({ users: [...state.users.values()] }),
);

export const DEFAULT_GOOGLE_IDENTITY = { name: "Sandbox User", email: "sandbox.user@example.com" };

/**
 * Google subjects are 21-digit numbers that never change for an account. Deriving one from the
 * e-mail keeps "the same person" stable across sign-ins, resets and sandbox restarts.
 */
export function subFromEmail(email: string): string {
  const digest = createHash("sha256").update(email.trim().toLowerCase()).digest();
  const number = digest.readBigUInt64BE(0) % 10n ** 20n;
  return `1${number.toString().padStart(20, "0")}`;
}

export const SCOPE_EMAIL = "https://www.googleapis.com/auth/userinfo.email";
export const SCOPE_PROFILE = "https://www.googleapis.com/auth/userinfo.profile";
const ALIASES: Record<string, string> = { email: SCOPE_EMAIL, profile: SCOPE_PROFILE };

/** The scopes Google reports as granted: short aliases become their full URLs. */
export function canonicalScopes(requested: string[]): string[] {
  return [...new Set(requested.map((scope) => ALIASES[scope] ?? scope))];
}

/** The `scope` Google appends to the redirect: the aliases as asked, then the full names. */
export function redirectScope(requested: string[]): string {
  const aliases = requested.filter((scope) => scope in ALIASES);
  return [...new Set([...aliases, ...canonicalScopes(requested)])].join(" ");
}

/** The claims a token with these scopes may see (shared by the id_token and userinfo). */
export function userClaims(user: GoogleUser, scopes: string[]): Record<string, string | boolean> {
  const claims: Record<string, string | boolean> = { sub: user.sub };
  if (scopes.includes(SCOPE_PROFILE)) {
    const [given, ...rest] = user.name.trim().split(/\s+/);
    claims.name = user.name;
    claims.picture = user.picture;
    if (given) claims.given_name = given;
    if (rest.length > 0) claims.family_name = rest.join(" ");
  }
  if (scopes.includes(SCOPE_EMAIL)) {
    claims.email = user.email;
    claims.email_verified = user.emailVerified;
  }
  return claims;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isPlausibleEmail(value: string): boolean {
  return EMAIL.test(value);
}
