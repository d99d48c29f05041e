import { client, endpoints } from "./endpoints";
import { linkedinError } from "./errors";
import { linkedinMetrics } from "./metrics";
import { PlatformError } from "@/lib/networks/server/errors";
import {
  asNumber,
  asRecord,
  asString,
  expiresIn,
  form,
  platformRequest,
  type PlatformRequestInit,
} from "@/lib/networks/server/http";
import { assertMediaFit, assertSingleVideo, mediaRefused, SliceReader } from "@/lib/networks/server/media";
import type {
  PlatformOperation,
  PlatformProfile,
  PublishInput,
  PublishMedia,
  SocialPlatformModule,
  TokenSet,
} from "@/lib/networks/server/types";

export { duplicateOf, linkedinError, nextUtcMidnight } from "./errors";

/** LinkedIn OpenID Connect sign-in + member posting. Facts: shared/platform-apis.md section 4. */

/**
 * What an app with "Sign In with LinkedIn using OpenID Connect" and "Share on LinkedIn" may ask for.
 * r_member_social (reading the member's posts) is restricted: only apps LinkedIn approved may ask.
 */
const SCOPES = [
  "openid",
  "profile",
  "email",
  "w_member_social",
  ...(endpoints.memberSocialRead ? ["r_member_social"] : []),
];
const READ_POSTS_SCOPE = "r_member_social";

async function tokenRequest(values: Record<string, string>): Promise<TokenSet> {
  const response = await platformRequest(`${endpoints.www}/oauth/v2/accessToken`, {
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

/** LinkedIn's "little text": unescaped reserved characters silently truncate the post. */
export const escapeLittleText = (text: string) => text.replace(/[\\|{}@[\]()<>#*_~]/g, (char) => `\\${char}`);

const restHeaders = (accessToken: string) => ({
  Authorization: `Bearer ${accessToken}`,
  "LinkedIn-Version": endpoints.version,
  "X-Restli-Protocol-Version": "2.0.0",
  "Content-Type": "application/json",
});

export const postUrl = (urn: string) => `https://www.linkedin.com/feed/update/${urn}`;

async function rest(input: PublishInput, operation: PlatformOperation, url: string, init: PlatformRequestInit = {}) {
  await input.beforeRequest(operation);
  const response = await platformRequest(url, {
    ...init,
    headers: { ...restHeaders(input.accessToken), ...init.headers },
  });
  if (response.status < 200 || response.status >= 300) throw linkedinError(response);
  return response;
}

/** A PUT of raw bytes to an upload URL LinkedIn handed out; answers its ETag (video parts). */
async function putBytes(input: PublishInput, url: string, bytes: Uint8Array<ArrayBuffer>, contentType: string) {
  await input.beforeRequest("media");
  const response = await platformRequest(url, {
    method: "PUT",
    headers: { Authorization: `Bearer ${input.accessToken}`, "Content-Type": contentType },
    body: bytes,
  });
  if (response.status < 200 || response.status >= 300) throw linkedinError(response);
  return response.headers.get("etag");
}

const owner = (input: PublishInput) => `urn:li:person:${input.pageId}`;

/** Images API: initializeUpload, then the bytes to its uploadUrl; the image URN goes in the post. */
async function uploadImage(input: PublishInput, item: PublishMedia): Promise<string> {
  const init = await rest(input, "media", `${endpoints.api}/rest/images?action=initializeUpload`, {
    method: "POST",
    body: JSON.stringify({ initializeUploadRequest: { owner: owner(input) } }),
  });
  const value = asRecord(asRecord(init.body).value);
  const uploadUrl = asString(value.uploadUrl);
  const image = asString(value.image);
  if (!uploadUrl || !image) throw new PlatformError("transient", "LinkedIn returned no upload URL for an image");
  await putBytes(input, uploadUrl, await item.bytes(), item.mimeType);
  return image;
}

/** Videos API: initializeUpload with the size, one PUT per byte range it names, finalizeUpload with the ETags. */
async function uploadVideo(input: PublishInput, item: PublishMedia): Promise<string> {
  const videos = `${endpoints.api}/rest/videos`;
  const init = await rest(input, "media", `${videos}?action=initializeUpload`, {
    method: "POST",
    body: JSON.stringify({
      initializeUploadRequest: {
        owner: owner(input),
        fileSizeBytes: item.size,
        uploadCaptions: false,
        uploadThumbnail: false,
      },
    }),
  });
  const value = asRecord(asRecord(init.body).value);
  const video = asString(value.video);
  const instructions = Array.isArray(value.uploadInstructions) ? value.uploadInstructions.map(asRecord) : [];
  if (!video || instructions.length === 0)
    throw new PlatformError("transient", "LinkedIn returned no upload instructions for a video");
  const partIds: string[] = [];
  const reader = new SliceReader(await item.open());
  try {
    for (const part of instructions) {
      const url = asString(part.uploadUrl);
      const size = (asNumber(part.lastByte) ?? -1) - (asNumber(part.firstByte) ?? 0) + 1;
      if (!url || size <= 0) throw new PlatformError("transient", "LinkedIn returned a malformed upload instruction");
      const etag = await putBytes(input, url, await reader.take(size), "application/octet-stream");
      if (!etag) throw new PlatformError("transient", "LinkedIn returned no ETag for a video part");
      partIds.push(etag);
    }
  } finally {
    await reader.close();
  }
  await rest(input, "media", `${videos}?action=finalizeUpload`, {
    method: "POST",
    body: JSON.stringify({
      finalizeUploadRequest: { video, uploadToken: asString(value.uploadToken) ?? "", uploadedPartIds: partIds },
    }),
  });
  await awaitProcessing(input, item, video);
  return video;
}

/** How long we wait for LinkedIn to process a video before trying the post again later. */
const PROCESSING_BUDGET_MS = 120_000;
/** LinkedIn gives no hint when to look again: 1 s, then twice as long each time, at most 10 s. */
const FIRST_STATUS_WAIT_MS = 1000;
const MAX_STATUS_WAIT_MS = 10_000;

/**
 * LinkedIn processes a video after finalizeUpload, and a post may name it only once its status is
 * AVAILABLE (Videos API, "Video Status"): PROCESSING until then, PROCESSING_FAILED when it cannot.
 */
async function awaitProcessing(input: PublishInput, item: PublishMedia, video: string): Promise<void> {
  const deadline = Date.now() + PROCESSING_BUDGET_MS;
  for (let waitMs = FIRST_STATUS_WAIT_MS; ; waitMs = Math.min(MAX_STATUS_WAIT_MS, waitMs * 2)) {
    if (Date.now() + waitMs > deadline) throw new PlatformError("transient", "LinkedIn is still processing the video");
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    const response = await rest(input, "media", `${endpoints.api}/rest/videos/${encodeURIComponent(video)}`);
    const body = asRecord(response.body);
    const status = asString(body.status);
    if (status === "AVAILABLE") return;
    if (status === "PROCESSING_FAILED") {
      const reason = asString(body.processingFailureReason) ?? "processing failed";
      const sentence = /[.!?]$/.test(reason) ? reason : `${reason}.`;
      throw new PlatformError("invalid_media", `LinkedIn could not process "${item.filename}": ${sentence}`);
    }
  }
}

/** The post's `content`: one image or video as `media`, several images as `multiImage`. */
async function postContent(input: PublishInput): Promise<Record<string, unknown> | undefined> {
  const urns: { id: string; altText?: string }[] = [];
  for (const item of input.media) {
    try {
      const id = item.kind === "video" ? await uploadVideo(input, item) : await uploadImage(input, item);
      urns.push(item.altText ? { id, altText: item.altText } : { id });
    } catch (error) {
      throw mediaRefused(error, "linkedin", item);
    }
  }
  if (urns.length === 0) return undefined;
  return urns.length === 1 ? { media: urns[0] } : { multiImage: { images: urns } };
}

export const linkedin: SocialPlatformModule = {
  id: "linkedin",
  usesPkce: false,
  // Unpublished daily limits (reset at midnight UTC); 150 posts a day per member is the figure cited.
  rateLimits: [{ name: "posts-24h", operations: ["post"], max: 150, windowSeconds: 86_400 }],
  metrics: linkedinMetrics,

  authorizationUrl({ state, redirectUri }) {
    const params = new URLSearchParams({
      response_type: "code",
      client_id: client.clientId,
      redirect_uri: redirectUri,
      state,
      scope: SCOPES.join(" "),
    });
    return `${endpoints.www}/oauth/v2/authorization?${params}`;
  },

  exchangeCode({ code, redirectUri }) {
    return tokenRequest({ grant_type: "authorization_code", code, redirect_uri: redirectUri });
  },

  async getProfile(accessToken): Promise<PlatformProfile> {
    const response = await platformRequest(`${endpoints.api}/v2/userinfo`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
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
        // A member's follower count needs a partner permission: not available, rather than 0.
        followerCount: null,
        permissions: [],
        profilePicture: profile.profilePicture,
        accessToken: null,
      },
    ];
  },

  async publish(input) {
    assertMediaFit("linkedin", input.media);
    assertSingleVideo("linkedin", input.media);
    const content = await postContent(input);
    const response = await rest(input, "post", `${endpoints.api}/rest/posts`, {
      method: "POST",
      body: JSON.stringify({
        author: owner(input),
        commentary: escapeLittleText(input.text),
        visibility: "PUBLIC",
        distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
        lifecycleState: "PUBLISHED",
        isReshareDisabledByAuthor: false,
        ...(content ? { content } : {}),
      }),
    });
    const urn = response.headers.get("x-restli-id");
    if (!urn) throw new PlatformError("transient", "LinkedIn accepted the post but returned no id");
    return { platformPostId: urn, url: postUrl(urn) };
  },

  // GET /rest/posts?q=author needs r_member_social: without it LinkedIn answers 403.
  canFindRecentPost: (scopes) => scopes.includes(READ_POSTS_SCOPE),

  postUrl,

  async findRecentPost(input, since) {
    const { accessToken, pageId, text } = input;
    await input.beforeRequest("lookup");
    const author = encodeURIComponent(`urn:li:person:${pageId}`);
    const response = await platformRequest(`${endpoints.api}/rest/posts?author=${author}&q=author&count=100`, {
      headers: restHeaders(accessToken),
    });
    if (response.status !== 200) throw linkedinError(response);
    const elements = asRecord(response.body).elements;
    for (const item of Array.isArray(elements) ? elements : []) {
      const post = asRecord(item);
      const urn = asString(post.id);
      const created = asNumber(post.createdAt) ?? Date.now();
      if (urn && post.commentary === escapeLittleText(text) && created >= since.getTime() - 60_000)
        return { platformPostId: urn, url: postUrl(urn) };
    }
    return null;
  },

  /** POST /oauth/v2/revoke with the client's credentials in the form: the member's grant ends. */
  async revokeTokens({ accessToken }) {
    const response = await platformRequest(`${endpoints.www}/oauth/v2/revoke`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form({ client_id: client.clientId, client_secret: client.clientSecret, token: accessToken }),
    });
    if (response.status !== 200) throw linkedinError(response);
  },

  async refreshTokens({ refreshToken }) {
    if (!refreshToken) {
      throw new PlatformError(
        "expired_token",
        "LinkedIn does not allow refreshing this token. Please reconnect your account.",
      );
    }
    return tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken });
  },
};
