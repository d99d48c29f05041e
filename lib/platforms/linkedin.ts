import { endpoints, oauthClients } from "./endpoints";
import { PlatformError } from "./errors";
import { asNumber, asRecord, asString, expiresIn, form, platformRequest, type PlatformResponse } from "./http";
import type { PlatformProfile, SocialPlatformModule, TokenSet } from "./types";

/** LinkedIn OpenID Connect sign-in + member posting. Facts: shared/platform-apis.md section 4. */

const client = oauthClients.linkedin;
const SCOPES = ["openid", "profile", "email", "w_member_social"];

export function linkedinError(response: PlatformResponse): PlatformError {
  const body = asRecord(response.body);
  const message = asString(body.message) ?? asString(body.error_description) ?? `LinkedIn answered HTTP ${response.status}`;
  const details = { status: response.status, code: asNumber(body.serviceErrorCode) ?? asString(body.error) ?? undefined };
  if (response.status === 401 || body.error === "invalid_grant") return new PlatformError("expired_token", message, details);
  if (response.status === 429) return new PlatformError("rate_limited", message, details);
  if (response.status === 422 && /duplicate/i.test(JSON.stringify(body))) return new PlatformError("duplicate", message, details);
  if (response.status === 403) return new PlatformError("permission", message, details);
  if (response.status >= 500) return new PlatformError("transient", message, details);
  return new PlatformError("invalid_request", message, details);
}

async function tokenRequest(values: Record<string, string>): Promise<TokenSet> {
  const response = await platformRequest(`${endpoints.linkedinWww}/oauth/v2/accessToken`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form({ ...values, client_id: client.clientId, client_secret: client.clientSecret }),
  });
  if (response.status !== 200) throw linkedinError(response);
  const body = asRecord(response.body);
  const accessToken = asString(body.access_token);
  if (!accessToken) throw new PlatformError("invalid_request", "LinkedIn returned no access token");
  return {
    accessToken,
    // Only approved partners get refresh tokens; the rest must re-authorise before day 60.
    refreshToken: asString(body.refresh_token),
    expiresAt: expiresIn(body.expires_in),
    refreshTokenExpiresAt: expiresIn(body.refresh_token_expires_in),
    scopes: (asString(body.scope) ?? SCOPES.join(" ")).split(/[ ,]/).filter(Boolean),
  };
}

const LINKEDIN_VERSION = "202501";

/** LinkedIn's "little text": unescaped reserved characters silently truncate the post. */
export const escapeLittleText = (text: string) => text.replace(/[\\|{}@[\]()<>#*_~]/g, (char) => `\\${char}`);

const restHeaders = (accessToken: string) => ({
  Authorization: `Bearer ${accessToken}`,
  "LinkedIn-Version": LINKEDIN_VERSION,
  "X-Restli-Protocol-Version": "2.0.0",
  "Content-Type": "application/json",
});

const postUrl = (urn: string) => `https://www.linkedin.com/feed/update/${urn}`;

export const linkedin: SocialPlatformModule = {
  id: "linkedin",
  usesPkce: false,

  authorizationUrl({ state, redirectUri }) {
    const params = new URLSearchParams({
      response_type: "code",
      client_id: client.clientId,
      redirect_uri: redirectUri,
      state,
      scope: SCOPES.join(" "),
    });
    return `${endpoints.linkedinWww}/oauth/v2/authorization?${params}`;
  },

  exchangeCode({ code, redirectUri }) {
    return tokenRequest({ grant_type: "authorization_code", code, redirect_uri: redirectUri });
  },

  async getProfile(accessToken): Promise<PlatformProfile> {
    const response = await platformRequest(`${endpoints.linkedinApi}/v2/userinfo`, { headers: { Authorization: `Bearer ${accessToken}` } });
    if (response.status !== 200) throw linkedinError(response);
    const body = asRecord(response.body);
    const accountId = asString(body.sub);
    if (!accountId) throw new PlatformError("invalid_request", "LinkedIn returned no member id");
    return {
      accountId,
      handle: null,
      name: asString(body.name),
      email: asString(body.email),
      profilePicture: asString(body.picture),
      followerCount: null,
      postCount: null,
    };
  },

  async listPages(_accessToken, profile) {
    return [
      {
        pageId: profile.accountId,
        name: profile.name ?? profile.email ?? "LinkedIn member",
        username: null,
        category: null,
        followerCount: 0,
        permissions: [],
        profilePicture: profile.profilePicture,
        accessToken: null,
      },
    ];
  },

  async publish({ accessToken, pageId, text }) {
    const response = await platformRequest(`${endpoints.linkedinApi}/rest/posts`, {
      method: "POST",
      headers: restHeaders(accessToken),
      body: JSON.stringify({
        author: `urn:li:person:${pageId}`,
        commentary: escapeLittleText(text),
        visibility: "PUBLIC",
        distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
        lifecycleState: "PUBLISHED",
        isReshareDisabledByAuthor: false,
      }),
    });
    if (response.status !== 201 && response.status !== 200) throw linkedinError(response);
    const urn = response.headers.get("x-restli-id");
    if (!urn) throw new PlatformError("transient", "LinkedIn accepted the post but returned no id");
    return { platformPostId: urn, url: postUrl(urn) };
  },

  async findRecentPost({ accessToken, pageId, text }, since) {
    const author = encodeURIComponent(`urn:li:person:${pageId}`);
    const response = await platformRequest(`${endpoints.linkedinApi}/rest/posts?author=${author}&q=author&count=100`, {
      headers: restHeaders(accessToken),
    });
    if (response.status !== 200) throw linkedinError(response);
    const elements = asRecord(response.body).elements;
    for (const item of Array.isArray(elements) ? elements : []) {
      const post = asRecord(item);
      const urn = asString(post.id);
      const created = asNumber(post.createdAt) ?? Date.now();
      if (urn && post.commentary === escapeLittleText(text) && created >= since.getTime() - 60_000) return { platformPostId: urn, url: postUrl(urn) };
    }
    return null;
  },

  async refreshTokens({ refreshToken }) {
    if (!refreshToken) {
      throw new PlatformError("expired_token", "LinkedIn does not allow refreshing this token. Please reconnect your account.");
    }
    return tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken });
  },
};
