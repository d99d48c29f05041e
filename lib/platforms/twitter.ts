import { endpoints, oauthClients } from "./endpoints";
import { PlatformError } from "./errors";
import { asNumber, asRecord, asString, basicAuth, expiresIn, form, platformRequest, type PlatformResponse } from "./http";
import type { PlatformProfile, SocialPlatformModule, TokenSet } from "./types";

/** X API v2 with OAuth 2.0 + PKCE. Facts: shared/platform-apis.md section 3. */

const client = oauthClients.twitter;
const SCOPES = ["tweet.read", "tweet.write", "users.read", "offline.access", "media.write"];

/** X answers problem JSON (`{ title, detail, status }`) or `{ errors: [...] }`; both are read. */
export function twitterError(response: PlatformResponse): PlatformError {
  const body = asRecord(response.body);
  const firstError = asRecord(Array.isArray(body.errors) ? body.errors[0] : undefined);
  const message =
    asString(body.detail) ?? asString(firstError.message) ?? asString(body.error_description) ?? asString(body.title) ?? `X answered HTTP ${response.status}`;
  const details = { status: response.status, code: asString(body.error) ?? undefined };
  if (response.status === 401 || body.error === "invalid_grant" || (body.error === "invalid_request" && /token/i.test(message)))
    return new PlatformError("expired_token", message, details);
  if (response.status === 429) {
    const reset = Number(response.headers.get("x-rate-limit-reset"));
    return new PlatformError("rate_limited", message, { ...details, resetAt: reset > 0 ? new Date(reset * 1000) : undefined });
  }
  if (response.status === 403 && /duplicate/i.test(message)) return new PlatformError("duplicate", message, details);
  if (response.status === 403) return new PlatformError("permission", message, details);
  if (response.status >= 500) return new PlatformError("transient", message, details);
  return new PlatformError("invalid_request", message, details);
}

async function tokenRequest(values: Record<string, string>): Promise<TokenSet> {
  const response = await platformRequest(`${endpoints.twitterApi}/2/oauth2/token`, {
    method: "POST",
    headers: { Authorization: basicAuth(client.clientId, client.clientSecret), "Content-Type": "application/x-www-form-urlencoded" },
    body: form({ ...values, client_id: client.clientId }),
  });
  if (response.status !== 200) throw twitterError(response);
  const body = asRecord(response.body);
  const accessToken = asString(body.access_token);
  if (!accessToken) throw new PlatformError("invalid_request", "X returned no access token");
  return {
    accessToken,
    refreshToken: asString(body.refresh_token),
    expiresAt: expiresIn(body.expires_in),
    refreshTokenExpiresAt: null,
    scopes: (asString(body.scope) ?? SCOPES.join(" ")).split(" ").filter(Boolean),
  };
}

const postUrl = (handle: string | null, id: string) => (handle ? `https://x.com/${handle}/status/${id}` : `https://x.com/i/web/status/${id}`);

export const twitter: SocialPlatformModule = {
  id: "twitter",
  usesPkce: true,

  authorizationUrl({ state, redirectUri, codeChallenge }) {
    const params = new URLSearchParams({
      response_type: "code",
      client_id: client.clientId,
      redirect_uri: redirectUri,
      scope: SCOPES.join(" "),
      state,
      code_challenge: codeChallenge ?? "",
      code_challenge_method: "S256",
    });
    return `${endpoints.twitterWww}/i/oauth2/authorize?${params}`;
  },

  exchangeCode({ code, redirectUri, codeVerifier }) {
    return tokenRequest({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: codeVerifier ?? "" });
  },

  async getProfile(accessToken): Promise<PlatformProfile> {
    const response = await platformRequest(`${endpoints.twitterApi}/2/users/me?user.fields=profile_image_url,public_metrics,verified`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    if (response.status !== 200) throw twitterError(response);
    const data = asRecord(asRecord(response.body).data);
    const metrics = asRecord(data.public_metrics);
    const accountId = asString(data.id);
    if (!accountId) throw new PlatformError("invalid_request", "X returned no user id");
    return {
      accountId,
      handle: asString(data.username),
      name: asString(data.name),
      email: null,
      profilePicture: asString(data.profile_image_url),
      followerCount: asNumber(metrics.followers_count),
      postCount: asNumber(metrics.tweet_count),
    };
  },

  /** On X the profile itself is what posts go to. */
  async listPages(_accessToken, profile) {
    return [
      {
        pageId: profile.accountId,
        name: profile.name ?? profile.handle ?? profile.accountId,
        username: profile.handle,
        category: null,
        followerCount: profile.followerCount ?? 0,
        permissions: [],
        profilePicture: profile.profilePicture,
        accessToken: null,
      },
    ];
  },

  async publish({ accessToken, handle, text }) {
    const response = await platformRequest(`${endpoints.twitterApi}/2/tweets`, {
      method: "POST",
      headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ text }),
    });
    if (response.status !== 201 && response.status !== 200) throw twitterError(response);
    const id = asString(asRecord(asRecord(response.body).data).id);
    if (!id) throw new PlatformError("transient", "X accepted the post but returned no id");
    return { platformPostId: id, url: postUrl(handle, id) };
  },

  async findRecentPost({ accessToken, pageId, handle, text }, since) {
    const response = await platformRequest(
      `${endpoints.twitterApi}/2/users/${encodeURIComponent(pageId)}/tweets?max_results=100&tweet.fields=created_at`,
      { headers: { Authorization: `Bearer ${accessToken}` } },
    );
    if (response.status !== 200) throw twitterError(response);
    for (const item of Array.isArray(asRecord(response.body).data) ? (asRecord(response.body).data as unknown[]) : []) {
      const tweet = asRecord(item);
      const id = asString(tweet.id);
      const created = Date.parse(asString(tweet.created_at) ?? "");
      if (id && tweet.text === text && !(created < since.getTime() - 60_000)) return { platformPostId: id, url: postUrl(handle, id) };
    }
    return null;
  },

  async refreshTokens({ refreshToken }) {
    if (!refreshToken) throw new PlatformError("expired_token", "X granted no refresh token; please reconnect the account");
    return tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken });
  },
};
