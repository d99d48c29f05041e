import { json, type SandboxResponse } from "../../responses";
import type { IssuedToken } from "../../state";

/**
 * Which scopes an app may ask for, and the 403 LinkedIn answers a token without the one a call needs.
 * A self-serve app gets the scopes of its products: "Sign In with LinkedIn using OpenID Connect"
 * (openid, profile, email) and "Share on LinkedIn" (w_member_social). The others, r_member_social
 * included, are granted only to apps LinkedIn approved: here the client `sandbox-linkedin-partner-client`.
 * Sources: learn.microsoft.com/linkedin/consumer/integrations/self-serve/share-on-linkedin,
 * learn.microsoft.com/linkedin/shared/authentication/getting-access ("restricted" permissions).
 */

export const SELF_SERVE_SCOPES: readonly string[] = ["openid", "profile", "email", "w_member_social"];
export const PARTNER_CLIENT_ID = "sandbox-linkedin-partner-client";

export const mayRequestScope = (clientId: string, scope: string) =>
  clientId === PARTNER_CLIENT_ID || SELF_SERVE_SCOPES.includes(scope);

/**
 * LinkedIn's answer to a token lacking the permission for a resource, e.g. "Not enough permissions to
 * access: partnerApiPostsExternal.FINDER-author.20250101" (resource.METHOD.version).
 */
export const accessDenied = (resource: string) =>
  json(403, {
    status: 403,
    serviceErrorCode: 100,
    code: "ACCESS_DENIED",
    message: `Not enough permissions to access: ${resource}`,
  });

/** Null when the token carries `scope`, else the 403 for `resource`. */
export function scopeProblem(token: IssuedToken, scope: string, resource: string): SandboxResponse | null {
  return token.scopes.includes(scope) ? null : accessDenied(resource);
}
