import { findClient, readClientCredentials, secretMatches } from "../../oauth";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import { GRAPH, checkGraphToken, graphError } from "./graph-auth";

/**
 * GET|POST /oauth/access_token: code → short-lived user token, and fb_exchange_token →
 * long-lived user token. Facebook has no refresh tokens. Errors come in Graph's shape, including
 * a wrong client secret (code 1), because that is what a Facebook client has to handle.
 */

export const SHORT_LIVED_SECONDS = 7200;
export const LONG_LIVED_SECONDS = 5183944;
const USER_TOKEN_PREFIX = "EAAsandbox";

export function registerFacebookToken(router: Router): void {
  router.get(`${GRAPH}/oauth/access_token`, accessToken).post(`${GRAPH}/oauth/access_token`, accessToken);
}

/** Graph reads parameters from the query string and the form body alike. */
async function allParams(ctx: RequestContext): Promise<URLSearchParams> {
  const params = new URLSearchParams(ctx.query);
  if (ctx.method === "POST") for (const [key, value] of await ctx.form()) if (!params.has(key)) params.set(key, value);
  return params;
}

async function accessToken(ctx: RequestContext): Promise<SandboxResponse> {
  const params = await allParams(ctx);
  const credentials = readClientCredentials(ctx.headers, params);
  if (!credentials.clientId) return graphError({ message: "Missing client_id parameter.", code: 101 });
  const client = findClient("facebook", credentials.clientId);
  if (!client) return graphError({ message: "Error validating application. Invalid application ID.", code: 101 });
  if (!secretMatches(client, credentials.clientSecret))
    return graphError({ message: "Error validating client secret.", code: 1 });

  if (params.get("grant_type") === "fb_exchange_token") return exchange(ctx, params, client.clientId);
  return codeExchange(ctx, params, client.clientId);
}

function codeExchange(ctx: RequestContext, params: URLSearchParams, clientId: string): SandboxResponse {
  const value = params.get("code");
  if (!value) return graphError({ message: "Missing authorization code", code: 1 });
  const redirectUri = params.get("redirect_uri");
  if (!redirectUri) return graphError({ message: "Missing redirect_uri parameter.", code: 191 });
  const redemption = ctx.store.redeemCode(value, "facebook");
  if (redemption.status === "unknown") return graphError({ message: "Invalid verification code format.", code: 100 });
  if (redemption.status === "redeemed")
    return graphError({ message: "This authorization code has been used.", code: 100, subcode: 36009 });
  if (redemption.status === "expired")
    return graphError({ message: "This authorization code has expired.", code: 100, subcode: 36007 });
  const { code } = redemption;
  if (code.clientId !== clientId || code.redirectUri !== redirectUri) {
    const message =
      "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request";
    return graphError({ message, code: 100, subcode: 36008 });
  }
  const token = ctx.store.issueToken(
    {
      platform: "facebook",
      kind: "user",
      clientId,
      subject: code.subject,
      scopes: code.scopes,
      data: { lifetime: "short", pages: code.data.pages ?? "", declined: code.data.declined ?? "" },
    },
    SHORT_LIVED_SECONDS,
    USER_TOKEN_PREFIX,
  );
  code.tokens.push(token.value);
  return json(200, { access_token: token.value, token_type: "bearer", expires_in: SHORT_LIVED_SECONDS });
}

/** Exchanging needs a live user token: an expired one gets 190/463 and the user logs in again. */
function exchange(ctx: RequestContext, params: URLSearchParams, clientId: string): SandboxResponse {
  const value = params.get("fb_exchange_token");
  if (!value) return graphError({ message: "Missing fb_exchange_token parameter.", code: 100 });
  const auth = checkGraphToken(ctx.store, value);
  if (!auth.ok) return auth.response;
  const { token } = auth;
  if (token.kind !== "user" || token.clientId !== clientId) {
    return graphError({
      message: "Error validating access token: The token was not issued to this app for a user.",
      code: 190,
      subcode: 467,
    });
  }
  const longLived = ctx.store.issueToken(
    {
      platform: "facebook",
      kind: "user",
      clientId,
      subject: token.subject,
      scopes: token.scopes,
      data: { ...token.data, lifetime: "long" },
    },
    LONG_LIVED_SECONDS,
    USER_TOKEN_PREFIX,
  );
  return json(200, { access_token: longLived.value, token_type: "bearer", expires_in: LONG_LIVED_SECONDS });
}
