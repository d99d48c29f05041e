import { env, type TwitterApiTier } from "@/lib/server/env";
import { client, endpoints } from "./endpoints";
import { PlatformError } from "@/lib/networks/server/errors";
import {
  asNumber,
  asRecord,
  asString,
  basicAuth,
  expiresIn,
  form,
  platformRequest,
  type PlatformRequestInit,
} from "@/lib/networks/server/http";
import { assertMediaFit, fileBlob, mediaRefused, SliceReader } from "@/lib/networks/server/media";
import { xApiRequest } from "./billing";
import { twitterError } from "./errors";
import { hasSameShape, isSameTweet } from "./match";
import { twitterMetrics } from "./metrics";
import type {
  PlatformOperation,
  PlatformProfile,
  PublishInput,
  PublishMedia,
  RateLimitRule,
  SocialPlatformModule,
  TokenSet,
} from "@/lib/networks/server/types";

export { twitterError } from "./errors";

/** X API v2 with OAuth 2.0 + PKCE. Facts: shared/platform-apis.md section 3. */

/**
 * The scopes each X operation we call demands: the operation's `security` in X's OpenAPI spec
 * (POST /2/tweets: tweet.read, tweet.write and users.read; every media upload step media.write).
 * The connect request asks for all of them, and offline.access for a refresh token.
 */
export const X_OPERATION_SCOPES = {
  profile: ["tweet.read", "users.read"],
  post: ["tweet.read", "tweet.write", "users.read"],
  media: ["media.write"],
  lookup: ["tweet.read", "users.read"],
  metrics: ["tweet.read", "users.read"],
} as const;
const SCOPES = [...new Set([...Object.values(X_OPERATION_SCOPES).flat(), "offline.access"])];

async function tokenRequest(values: Record<string, string>): Promise<TokenSet> {
  const response = await platformRequest(`${endpoints.api}/2/oauth2/token`, {
    method: "POST",
    headers: {
      Authorization: basicAuth(client.clientId, client.clientSecret),
      "Content-Type": "application/x-www-form-urlencoded",
    },
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

const postUrl = (handle: string | null, id: string) =>
  handle ? `https://x.com/${handle}/status/${id}` : `https://x.com/i/web/status/${id}`;

const MAX_IMAGES = 4;
/** APPEND segment size: well under X's per-request limits, and all a worker holds of a video at once. */
const SEGMENT_BYTES = 4 * 1024 * 1024;
/** How long we wait for X to process a video or GIF before trying again later. */
const PROCESSING_BUDGET_MS = 120_000;

function assertTwitterMedia(media: PublishMedia[]): void {
  assertMediaFit("twitter", media);
  const moving = media.filter((item) => item.kind !== "image").length;
  if (moving > 0 && media.length > 1)
    throw new PlatformError(
      "invalid_media",
      `X accepts a single video or GIF per post, with no other files; this post has ${media.length}.`,
    );
  if (media.length > MAX_IMAGES)
    throw new PlatformError(
      "invalid_media",
      `X accepts up to ${MAX_IMAGES} images per post; this post has ${media.length}.`,
    );
}

async function twitterRequest(
  input: PublishInput,
  operation: PlatformOperation,
  path: string,
  init: PlatformRequestInit = {},
) {
  await input.beforeRequest(operation);
  const response = await xApiRequest(`${endpoints.api}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${input.accessToken}`, ...init.headers },
  });
  if (response.status < 200 || response.status >= 300) throw twitterError(response);
  return asRecord(asRecord(response.body).data);
}

/** Still images in one request; videos and GIFs in segments, then processed by X before use. */
async function uploadMedia(input: PublishInput, item: PublishMedia): Promise<string> {
  if (item.kind === "image") {
    const body = new FormData();
    body.set("media_category", "tweet_image");
    body.set("media", await fileBlob(item), item.filename);
    const id = asString((await twitterRequest(input, "media", "/2/media/upload", { method: "POST", body })).id);
    if (!id) throw new PlatformError("transient", "X accepted an image but returned no media id");
    return id;
  }
  const json = { "Content-Type": "application/json" };
  const init = {
    media_type: item.mimeType,
    total_bytes: item.size,
    media_category: item.kind === "gif" ? "tweet_gif" : "tweet_video",
  };
  const id = asString(
    (
      await twitterRequest(input, "media", "/2/media/upload/initialize", {
        method: "POST",
        headers: json,
        body: JSON.stringify(init),
      })
    ).id,
  );
  if (!id) throw new PlatformError("transient", "X started an upload but returned no media id");
  const reader = new SliceReader(await item.open());
  try {
    for (let index = 0; ; index += 1) {
      const segment = await reader.take(SEGMENT_BYTES);
      if (segment.length === 0) break;
      const body = new FormData();
      body.set("segment_index", String(index));
      body.set("media", new Blob([segment], { type: "application/octet-stream" }), item.filename);
      await twitterRequest(input, "media", `/2/media/upload/${id}/append`, { method: "POST", body });
    }
  } finally {
    await reader.close();
  }
  let data = await twitterRequest(input, "media", `/2/media/upload/${id}/finalize`, { method: "POST" });
  const deadline = Date.now() + PROCESSING_BUDGET_MS;
  for (;;) {
    const processing = asRecord(data.processing_info);
    const state = asString(processing.state);
    if (!state || state === "succeeded") return id;
    if (state === "failed") {
      const reason = asString(asRecord(processing.error).message) ?? "processing failed";
      throw new PlatformError("invalid_media", `X could not process "${item.filename}": ${reason}`);
    }
    const waitMs = Math.max(1, asNumber(processing.check_after_secs) ?? 1) * 1000;
    if (Date.now() + waitMs > deadline) throw new PlatformError("transient", "X is still processing the video");
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    data = await twitterRequest(
      input,
      "media",
      `/2/media/upload?${new URLSearchParams({ command: "STATUS", media_id: id })}`,
    );
  }
}

/**
 * POST /2/tweets per user, by the app's X API plan (TWITTER_API_TIER; pay-per-use, the default
 * since Feb 2026: 100 per 15 minutes per user, docs.x.com/x-api/fundamentals/rate-limits, checked
 * 2026-12-01). The legacy plans from that page's former columns (Free 17 / 24 h, Basic 100 / 24 h,
 * Pro 100 / 15 min per user) and the manage-Posts migration guide (the older default, kept as
 * "enterprise": 200 / 15 min and 300 / 3 h). The per-app caps (pay-per-use 10,000 a day) are not
 * counted here: the sandbox applies them, and X's 429 holds the account until their reset.
 */
export const TWITTER_TIER_LIMITS: Record<TwitterApiTier, RateLimitRule[]> = {
  payg: [{ name: "posts-payg-15m", operations: ["post"], max: 100, windowSeconds: 900 }],
  free: [{ name: "posts-free-24h", operations: ["post"], max: 17, windowSeconds: 86_400 }],
  basic: [{ name: "posts-basic-24h", operations: ["post"], max: 100, windowSeconds: 86_400 }],
  pro: [{ name: "posts-pro-15m", operations: ["post"], max: 100, windowSeconds: 900 }],
  enterprise: [
    { name: "posts-15m", operations: ["post"], max: 200, windowSeconds: 900 },
    { name: "posts-3h", operations: ["post"], max: 300, windowSeconds: 10_800 },
  ],
};

/** How far around the moment we sent a lookup reads the timeline: the post is stamped within seconds. */
const LOOKUP_BEFORE_MS = 60_000;
const LOOKUP_AFTER_MS = 10 * 60_000;
/** X's timestamps: whole seconds, YYYY-MM-DDTHH:mm:ssZ (rounded down, so the window only widens). */
const xTime = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");

export const twitter: SocialPlatformModule = {
  id: "twitter",
  usesPkce: true,
  rateLimits: TWITTER_TIER_LIMITS[env.TWITTER_API_TIER],
  metrics: twitterMetrics,

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
    return `${endpoints.www}/i/oauth2/authorize?${params}`;
  },

  exchangeCode({ code, redirectUri, codeVerifier }) {
    return tokenRequest({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier ?? "",
    });
  },

  async getProfile(accessToken): Promise<PlatformProfile> {
    const response = await xApiRequest(
      `${endpoints.api}/2/users/me?user.fields=profile_image_url,public_metrics,verified`,
      {
        headers: { Authorization: `Bearer ${accessToken}` },
      },
    );
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
      // tweet_count as X documents it; post_count as its OpenAPI spec (xdk 2.167) names it.
      postCount: asNumber(metrics.tweet_count ?? metrics.post_count),
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

  async publish(input) {
    assertTwitterMedia(input.media);
    const mediaIds: string[] = [];
    for (const item of input.media) {
      try {
        mediaIds.push(await uploadMedia(input, item));
      } catch (error) {
        throw mediaRefused(error, "twitter", item);
      }
    }
    const tweet = mediaIds.length ? { text: input.text, media: { media_ids: mediaIds } } : { text: input.text };
    const data = await twitterRequest(input, "post", "/2/tweets", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(tweet),
    });
    const id = asString(data.id);
    if (!id) throw new PlatformError("transient", "X accepted the post but returned no id");
    return { platformPostId: id, url: postUrl(input.handle, id) };
  },

  async findRecentPost(input, since) {
    const { accessToken, pageId, handle, text } = input;
    await input.beforeRequest("lookup");
    // Only the few posts around the moment we sent: every post read counts against the app's monthly cap.
    const window = new URLSearchParams({
      max_results: "10",
      start_time: xTime(since.getTime() - LOOKUP_BEFORE_MS),
      "tweet.fields": "created_at,entities",
    });
    // An end only once it is in the past (X refuses a future end_time).
    const end = since.getTime() + LOOKUP_AFTER_MS;
    if (end < Date.now() - 10_000) window.set("end_time", xTime(end));
    const response = await xApiRequest(
      `${endpoints.api}/2/users/${encodeURIComponent(pageId)}/tweets?${window}`,
      { headers: { Authorization: `Bearer ${accessToken}` } },
      { countsAsPostRead: true },
    );
    if (response.status !== 200) throw twitterError(response);
    const recent = (Array.isArray(asRecord(response.body).data) ? (asRecord(response.body).data as unknown[]) : [])
      .map(asRecord)
      .filter(
        (tweet) =>
          asString(tweet.id) && !(Date.parse(asString(tweet.created_at) ?? "") < since.getTime() - LOOKUP_BEFORE_MS),
      );
    // The exact text first; only then the same words with links shown differently.
    const found = recent.find((tweet) => isSameTweet(tweet, text)) ?? recent.find((tweet) => hasSameShape(tweet, text));
    const id = found ? asString(found.id) : undefined;
    return id ? { platformPostId: id, url: postUrl(handle, id) } : null;
  },

  /** POST /2/oauth2/revoke (RFC 7009): either token ends the whole grant; the refresh token is preferred. */
  async revokeTokens({ accessToken, refreshToken }) {
    const response = await platformRequest(`${endpoints.api}/2/oauth2/revoke`, {
      method: "POST",
      headers: {
        Authorization: basicAuth(client.clientId, client.clientSecret),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: form({
        token: refreshToken ?? accessToken,
        token_type_hint: refreshToken ? "refresh_token" : "access_token",
        client_id: client.clientId,
      }),
    });
    if (response.status !== 200) throw twitterError(response);
  },

  async refreshTokens({ refreshToken }) {
    if (!refreshToken)
      throw new PlatformError("expired_token", "X granted no refresh token; please reconnect the account");
    return tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken });
  },
};
