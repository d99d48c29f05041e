import { alphanumericId } from "../../ids";
import { defineSlice } from "../../state";

/**
 * The LinkedIn members the sandbox knows (whoever consented), and the app's settings. A member's
 * `sub` is derived from the e-mail, so the same person keeps the same id across sign-ins and resets.
 */

/** www.linkedin.com/oauth: the OpenID issuer path, under which the OAuth endpoints live too. */
export const OAUTH = "/linkedin/www/oauth";

/** LinkedIn's access tokens last 60 days. */
export const LINKEDIN_ACCESS_TOKEN_SECONDS = 5184000;

export interface LinkedInMember {
  sub: string;
  name: string;
  email: string;
  picture: string;
}

interface LinkedInState {
  members: Map<string, LinkedInMember>;
  /**
   * LinkedIn returns refresh tokens only to approved partners ("programmatic refresh tokens").
   * Off by default, as for almost every app; tests switch it on through /_control/linkedin/settings.
   */
  partnerRefreshTokens: boolean;
  /** Lifetime of the access tokens issued at sign-in: LinkedIn's 60 days unless a test wants less. */
  accessTokenSeconds: number;
}

export const linkedinState = defineSlice<LinkedInState>(
  "linkedin",
  () => ({ members: new Map(), partnerRefreshTokens: false, accessTokenSeconds: LINKEDIN_ACCESS_TOKEN_SECONDS }),
  (state) => ({
    settings: { partnerRefreshTokens: state.partnerRefreshTokens, accessTokenSeconds: state.accessTokenSeconds },
    members: [...state.members.values()],
  }),
);

export const DEFAULT_LINKEDIN_IDENTITY = { name: "Sandbox Member", email: "sandbox.member@example.com" };

/** LinkedIn member ids are short opaque strings such as "782bbtaQ". */
export function memberSub(email: string): string {
  return alphanumericId(`linkedin:${email.trim().toLowerCase()}`, 10);
}

function splitName(name: string): { given_name?: string; family_name?: string } {
  const [given, ...rest] = name.trim().split(/\s+/);
  return { ...(given ? { given_name: given } : {}), ...(rest.length > 0 ? { family_name: rest.join(" ") } : {}) };
}

/** The /v2/userinfo body a token with these scopes may see: profile claims need `profile`, e-mail `email`. */
export function userinfoClaims(member: LinkedInMember, scopes: string[]): Record<string, unknown> {
  return {
    sub: member.sub,
    ...(scopes.includes("profile")
      ? {
          name: member.name,
          ...splitName(member.name),
          picture: member.picture,
          locale: { country: "US", language: "en" },
        }
      : {}),
    ...(scopes.includes("email") ? { email: member.email, email_verified: true } : {}),
  };
}

/**
 * The same claims as they appear in LinkedIn's id_token, which differs from userinfo in two
 * quirks kept on purpose: `email_verified` is the string "true" and `locale` a string ("en-US").
 */
export function idTokenClaims(member: LinkedInMember, scopes: string[]): Record<string, unknown> {
  const claims = userinfoClaims(member, scopes);
  if (claims.locale) claims.locale = "en-US";
  if (claims.email_verified) claims.email_verified = "true";
  return claims;
}
