import { recordRevocation } from "../../revocations";
import { findClient, pkceProblem, readClientCredentials, secretMatches } from "../../oauth";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import type { IssuedToken } from "../../state";

/**
 * POST /x/api/2/oauth2/token (api.x.com): the authorization-code grant (PKCE checked) and the
 * refresh grant, whose refresh tokens rotate: each use returns a new one and kills the old one.
 * POST /x/api/2/oauth2/revoke ends a grant. Errors are X's: 400 invalid_request with X's wording.
 */

export const ACCESS_TOKEN_TTL_SECONDS = 7200;
const INVALID_CODE = "Value passed for the authorization code was invalid.";
const INVALID_TOKEN = "Value passed for the token was invalid.";

const oauthError = (status: number, error: string, description: string) =>
  json(status, { error, error_description: description });
const missing = (name: string) => oauthError(400, "invalid_request", `Missing required parameter [${name}].`);

export function registerTwitterToken(router: Router): void {
  router.post("/x/api/2/oauth2/token", token).post("/x/api/2/oauth2/revoke", revoke);
}

type ClientCheck = { ok: true; clientId: string } | { ok: false; response: SandboxResponse };

/**
 * Confidential clients authenticate with HTTP Basic. Public clients (an app type chosen in X's
 * developer portal) send only client_id in the body; the sandbox accepts both styles for its one
 * client, so either kind of app can be tested against it.
 */
function authenticateClient(ctx: RequestContext, form: URLSearchParams): ClientCheck {
  const credentials = readClientCredentials(ctx.headers, form);
  const unauthorized = {
    ok: false as const,
    response: oauthError(401, "unauthorized_client", "Missing valid authorization header"),
  };
  if (credentials.method === "none") {
    if (!credentials.clientId) return { ok: false, response: missing("client_id") };
    const client = findClient("twitter", credentials.clientId);
    return client ? { ok: true, clientId: client.clientId } : unauthorized;
  }
  const client = findClient("twitter", credentials.clientId);
  if (!client || !secretMatches(client, credentials.clientSecret)) return unauthorized;
  return { ok: true, clientId: client.clientId };
}

async function token(ctx: RequestContext): Promise<SandboxResponse> {
  const form = await ctx.form();
  const client = authenticateClient(ctx, form);
  if (!client.ok) return client.response;
  const grantType = form.get("grant_type");
  if (grantType === "authorization_code") return codeGrant(ctx, form, client.clientId);
  if (grantType === "refresh_token") return refreshGrant(ctx, form, client.clientId);
  if (!grantType) return missing("grant_type");
  return oauthError(400, "invalid_request", `Value passed for the grant type was invalid: ${grantType}.`);
}

function codeGrant(ctx: RequestContext, form: URLSearchParams, clientId: string): SandboxResponse {
  const value = form.get("code");
  if (!value) return missing("code");
  const verifier = form.get("code_verifier");
  if (!verifier) return missing("code_verifier");
  if (!form.get("redirect_uri")) return missing("redirect_uri");
  // X answers the same for every way a code can be wrong: unknown, used, expired, or not matching.
  const redemption = ctx.store.redeemCode(value, "twitter");
  if (redemption.status !== "ok") return oauthError(400, "invalid_request", INVALID_CODE);
  const { code } = redemption;
  if (code.clientId !== clientId || code.redirectUri !== form.get("redirect_uri"))
    return oauthError(400, "invalid_request", INVALID_CODE);
  if (pkceProblem(code, verifier, { rfcVerifier: false })) return oauthError(400, "invalid_request", INVALID_CODE);

  const tokens = issueTokens(ctx, { clientId, subject: code.subject, scopes: code.scopes, grant: code.value });
  code.tokens.push(tokens.access.value, ...(tokens.refresh ? [tokens.refresh.value] : []));
  return tokenResponse(tokens.access, tokens.refresh);
}

function refreshGrant(ctx: RequestContext, form: URLSearchParams, clientId: string): SandboxResponse {
  const value = form.get("refresh_token");
  if (!value) return missing("refresh_token");
  const check = ctx.store.checkToken(value, "twitter");
  if (check.status !== "valid" || check.token.kind !== "refresh" || check.token.clientId !== clientId)
    return oauthError(400, "invalid_request", INVALID_TOKEN);
  const old = check.token;
  // Rotation: the refresh token just used is spent. Access tokens already issued live on until they expire.
  ctx.store.revokeToken(old.value);
  const tokens = issueTokens(ctx, { clientId, subject: old.subject, scopes: old.scopes, grant: old.data.grant ?? "" });
  return tokenResponse(tokens.access, tokens.refresh);
}

function issueTokens(
  ctx: RequestContext,
  grant: { clientId: string; subject: string; scopes: string[]; grant: string },
): { access: IssuedToken; refresh?: IssuedToken } {
  const base = {
    platform: "twitter",
    clientId: grant.clientId,
    subject: grant.subject,
    scopes: grant.scopes,
    data: { grant: grant.grant },
  };
  const access = ctx.store.issueToken({ ...base, kind: "access" }, ACCESS_TOKEN_TTL_SECONDS);
  // X documents no lifetime for refresh tokens; they last until used, revoked or the grant ends.
  const refresh = grant.scopes.includes("offline.access")
    ? ctx.store.issueToken({ ...base, kind: "refresh" }, null)
    : undefined;
  return { access, refresh };
}

function tokenResponse(access: IssuedToken, refresh: IssuedToken | undefined): SandboxResponse {
  return json(200, {
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    access_token: access.value,
    scope: access.scopes.join(" "),
    ...(refresh ? { refresh_token: refresh.value } : {}),
  });
}

/** RFC 7009: the answer is the same whether or not the token was known. Revoking either token ends the grant. */
async function revoke(ctx: RequestContext): Promise<SandboxResponse> {
  const form = await ctx.form();
  const client = authenticateClient(ctx, form);
  if (!client.ok) return client.response;
  const value = form.get("token");
  if (!value) return missing("token");
  const check = ctx.store.checkToken(value, "twitter");
  let subject: string | null = null;
  let revoked = 0;
  if (check.status !== "unknown" && check.token.clientId === client.clientId) {
    const grant = check.token.data.grant;
    subject = check.token.subject;
    for (const issued of ctx.store.findTokens((t) => t.platform === "twitter" && t.data.grant === grant))
      if (ctx.store.revokeToken(issued.value)) revoked += 1;
  }
  recordRevocation(ctx.store, "twitter", subject, revoked);
  return json(200, { revoked: true });
}
