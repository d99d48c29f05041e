import { accessTokenHash, type SigningKey } from "../../jwt";
import { findClient, pkceProblem, readClientCredentials, secretMatches } from "../../oauth";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import type { IssuedToken } from "../../state";
import { googleState, userClaims } from "./identity";

/**
 * POST /google/token (oauth2.googleapis.com/token): the authorization-code and refresh-token
 * grants. Errors are Google's: 400 {"error","error_description"}, 401 for client authentication.
 */

const ACCESS_TOKEN_TTL_SECONDS = 3599;
const ID_TOKEN_TTL_SECONDS = 3600;

const oauthError = (status: number, error: string, description: string) =>
  json(status, { error, error_description: description });

export function registerGoogleToken(router: Router, key: SigningKey): void {
  router.post("/google/token", (ctx) => token(ctx, key));
}

async function token(ctx: RequestContext, key: SigningKey): Promise<SandboxResponse> {
  const form = await ctx.form();
  const credentials = readClientCredentials(ctx.headers, form);
  const client = findClient("google", credentials.clientId);
  if (!client) return oauthError(401, "invalid_client", "The OAuth client was not found.");
  if (!secretMatches(client, credentials.clientSecret)) return oauthError(401, "invalid_client", "Unauthorized");

  const grantType = form.get("grant_type");
  if (grantType === "authorization_code") return codeGrant(ctx, key, form, client.clientId);
  if (grantType === "refresh_token") return refreshGrant(ctx, key, form, client.clientId);
  if (!grantType) return oauthError(400, "invalid_request", "Missing required parameter: grant_type");
  return oauthError(400, "unsupported_grant_type", `Invalid grant_type: ${grantType}`);
}

function codeGrant(ctx: RequestContext, key: SigningKey, form: URLSearchParams, clientId: string): SandboxResponse {
  const value = form.get("code");
  if (!value) return oauthError(400, "invalid_request", "Missing required parameter: code");
  const redemption = ctx.store.redeemCode(value, "google");
  if (redemption.status === "unknown") return oauthError(400, "invalid_grant", "Malformed auth code.");
  if (redemption.status === "redeemed")
    return oauthError(400, "invalid_grant", "Bad Request: the code was already redeemed.");
  if (redemption.status === "expired") return oauthError(400, "invalid_grant", "Bad Request: the code has expired.");
  const { code } = redemption;
  if (code.clientId !== clientId)
    return oauthError(400, "invalid_grant", "Bad Request: the code was issued to another client.");
  if (form.get("redirect_uri") !== code.redirectUri) return oauthError(400, "redirect_uri_mismatch", "Bad Request");
  const pkce = pkceProblem(code, form.get("code_verifier"));
  if (pkce) return oauthError(400, "invalid_grant", pkce);

  const base = {
    platform: "google",
    clientId,
    subject: code.subject,
    scopes: code.scopes,
    data: { grant: code.value },
  };
  const access = ctx.store.issueToken({ ...base, kind: "access" }, ACCESS_TOKEN_TTL_SECONDS, "ya29.sandbox_");
  code.tokens.push(access.value);
  let refreshToken: string | undefined;
  if (code.data.accessType === "offline") {
    const refresh = ctx.store.issueToken({ ...base, kind: "refresh" }, null, "1//sandbox_");
    code.tokens.push(refresh.value);
    refreshToken = refresh.value;
  }
  return tokenResponse(ctx, key, access, refreshToken, code.nonce);
}

function refreshGrant(ctx: RequestContext, key: SigningKey, form: URLSearchParams, clientId: string): SandboxResponse {
  const value = form.get("refresh_token");
  if (!value) return oauthError(400, "invalid_request", "Missing required parameter: refresh_token");
  const check = ctx.store.checkToken(value, "google");
  if (check.status !== "valid" || check.token.kind !== "refresh" || check.token.clientId !== clientId) {
    return oauthError(400, "invalid_grant", "Token has been expired or revoked.");
  }
  const { token: refresh } = check;
  const access = ctx.store.issueToken(
    {
      platform: "google",
      kind: "access",
      clientId,
      subject: refresh.subject,
      scopes: refresh.scopes,
      data: { grant: refresh.data.grant ?? "" },
    },
    ACCESS_TOKEN_TTL_SECONDS,
    "ya29.sandbox_",
  );
  // Google keeps the refresh token: the response carries no new one.
  return tokenResponse(ctx, key, access, undefined, undefined);
}

function tokenResponse(
  ctx: RequestContext,
  key: SigningKey,
  access: IssuedToken,
  refreshToken: string | undefined,
  nonce: string | undefined,
): SandboxResponse {
  const body: Record<string, string | number> = {
    access_token: access.value,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    scope: access.scopes.join(" "),
    token_type: "Bearer",
  };
  const user = ctx.store.slice(googleState).users.get(access.subject);
  if (user && access.scopes.includes("openid")) {
    // Wall-clock times: the client checks iat/exp against its own clock, not the sandbox's.
    const iat = Math.floor(Date.now() / 1000);
    body.id_token = key.sign({
      iss: `${ctx.baseUrl}/google`,
      azp: access.clientId,
      aud: access.clientId,
      ...userClaims(user, access.scopes),
      at_hash: accessTokenHash(access.value),
      ...(nonce ? { nonce } : {}),
      iat,
      exp: iat + ID_TOKEN_TTL_SECONDS,
    });
  }
  return json(200, body);
}
