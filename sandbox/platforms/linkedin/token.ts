import { recordRevocation } from "../../revocations";
import type { SigningKey } from "../../jwt";
import { findClient, pkceProblem, secretMatches } from "../../oauth";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import type { IssuedToken } from "../../state";
import { OAUTH, idTokenClaims, linkedinState } from "./state";

/**
 * POST /linkedin/www/oauth/v2/accessToken: the authorization-code grant and, for partner apps, the
 * refresh grant; POST …/v2/revoke. Client credentials travel in the form body only
 * (client_secret_post): LinkedIn ignores an Authorization header here.
 */

const ACCESS_TOKEN_TTL_SECONDS = 5184000;
const REFRESH_TOKEN_TTL_SECONDS = 31536000;
const ID_TOKEN_TTL_SECONDS = 3600;
const INVALID_CODE =
  "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists";

const oauthError = (status: number, error: string, description: string) =>
  json(status, { error, error_description: description });
const missing = (name: string) => oauthError(400, "invalid_request", `A required parameter "${name}" is missing`);

export function registerLinkedInToken(router: Router, key: SigningKey): void {
  router.post(`${OAUTH}/v2/accessToken`, (ctx) => token(ctx, key)).post(`${OAUTH}/v2/revoke`, revoke);
}

type ClientCheck = { ok: true; clientId: string } | { ok: false; response: SandboxResponse };

function authenticateClient(form: URLSearchParams): ClientCheck {
  const clientId = form.get("client_id");
  if (!clientId) return { ok: false, response: missing("client_id") };
  const secret = form.get("client_secret");
  if (!secret) return { ok: false, response: missing("client_secret") };
  const client = findClient("linkedin", clientId);
  if (!client || !secretMatches(client, secret))
    return { ok: false, response: oauthError(401, "invalid_client", "Client authentication failed") };
  return { ok: true, clientId };
}

async function token(ctx: RequestContext, key: SigningKey): Promise<SandboxResponse> {
  const form = await ctx.form();
  const grantType = form.get("grant_type");
  if (!grantType) return missing("grant_type");
  const client = authenticateClient(form);
  if (!client.ok) return client.response;
  if (grantType === "authorization_code") return codeGrant(ctx, key, form, client.clientId);
  if (grantType === "refresh_token") return refreshGrant(ctx, form, client.clientId);
  return oauthError(400, "unsupported_grant_type", `The grant_type "${grantType}" is not supported`);
}

function codeGrant(ctx: RequestContext, key: SigningKey, form: URLSearchParams, clientId: string): SandboxResponse {
  const value = form.get("code");
  if (!value) return missing("code");
  const redirectUri = form.get("redirect_uri");
  if (!redirectUri) return missing("redirect_uri");
  // One message for every way a code can be wrong, as LinkedIn does.
  const redemption = ctx.store.redeemCode(value, "linkedin");
  if (redemption.status !== "ok") return oauthError(400, "invalid_request", INVALID_CODE);
  const { code } = redemption;
  if (code.clientId !== clientId || code.redirectUri !== redirectUri || pkceProblem(code, form.get("code_verifier")))
    return oauthError(400, "invalid_request", INVALID_CODE);

  const base = {
    platform: "linkedin",
    clientId,
    subject: code.subject,
    scopes: code.scopes,
    data: { grant: code.value },
  };
  const { accessTokenSeconds } = ctx.store.slice(linkedinState);
  const access = ctx.store.issueToken({ ...base, kind: "access" }, accessTokenSeconds, "AQV");
  code.tokens.push(access.value);
  const body: Record<string, string | number> = {
    access_token: access.value,
    expires_in: accessTokenSeconds,
    // LinkedIn lists granted scopes comma-separated here, unlike the space-separated request.
    scope: code.scopes.join(","),
    token_type: "Bearer",
  };
  if (ctx.store.slice(linkedinState).partnerRefreshTokens) {
    const refresh = ctx.store.issueToken({ ...base, kind: "refresh" }, REFRESH_TOKEN_TTL_SECONDS, "AQW");
    code.tokens.push(refresh.value);
    body.refresh_token = refresh.value;
    body.refresh_token_expires_in = REFRESH_TOKEN_TTL_SECONDS;
  }
  const idToken = signIdToken(ctx, key, access, code.nonce);
  if (idToken) body.id_token = idToken;
  return json(200, body);
}

function signIdToken(ctx: RequestContext, key: SigningKey, access: IssuedToken, nonce?: string): string | undefined {
  const member = ctx.store.slice(linkedinState).members.get(access.subject);
  if (!member || !access.scopes.includes("openid")) return undefined;
  // Wall-clock times: the client checks iat/exp against its own clock, not the sandbox's.
  const iat = Math.floor(Date.now() / 1000);
  return key.sign({
    iss: `${ctx.baseUrl}${OAUTH}`,
    aud: access.clientId,
    iat,
    exp: iat + ID_TOKEN_TTL_SECONDS,
    ...idTokenClaims(member, access.scopes),
    ...(nonce ? { nonce } : {}),
  });
}

/**
 * Partner refresh: a new 60-day access token, the SAME refresh token, and its remaining lifetime.
 * Refreshing never extends the refresh token's year, and no access token outlives it.
 */
function refreshGrant(ctx: RequestContext, form: URLSearchParams, clientId: string): SandboxResponse {
  const value = form.get("refresh_token");
  if (!value) return missing("refresh_token");
  const check = ctx.store.checkToken(value, "linkedin");
  if (check.status !== "valid" || check.token.kind !== "refresh" || check.token.clientId !== clientId)
    return oauthError(400, "invalid_grant", "Token has been expired or revoked.");
  const refresh = check.token;
  const remaining = Math.floor(((refresh.expiresAt ?? ctx.store.now()) - ctx.store.now()) / 1000);
  const expiresIn = Math.min(ACCESS_TOKEN_TTL_SECONDS, remaining);
  const access = ctx.store.issueToken(
    {
      platform: "linkedin",
      kind: "access",
      clientId,
      subject: refresh.subject,
      scopes: refresh.scopes,
      data: { grant: refresh.data.grant ?? "" },
    },
    expiresIn,
    "AQV",
  );
  return json(200, {
    access_token: access.value,
    expires_in: expiresIn,
    refresh_token: refresh.value,
    refresh_token_expires_in: remaining,
    scope: access.scopes.join(","),
    token_type: "Bearer",
  });
}

/** Revoking a token ends the member's whole authorization of the app, refresh token included. */
async function revoke(ctx: RequestContext): Promise<SandboxResponse> {
  const form = await ctx.form();
  const client = authenticateClient(form);
  if (!client.ok) return client.response;
  const value = form.get("token");
  if (!value) return missing("token");
  const check = ctx.store.checkToken(value, "linkedin");
  let subject: string | null = null;
  let revoked = 0;
  if (check.status !== "unknown" && check.token.clientId === client.clientId) {
    const grant = check.token.data.grant;
    subject = check.token.subject;
    for (const issued of ctx.store.findTokens((t) => t.platform === "linkedin" && t.data.grant === grant))
      if (ctx.store.revokeToken(issued.value)) revoked += 1;
  }
  recordRevocation(ctx.store, "linkedin", subject, revoked);
  return { status: 200, headers: { "cache-control": "no-store" }, body: "" };
}
