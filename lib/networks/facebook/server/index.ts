import { client, endpoints } from "./endpoints";
import { PlatformError } from "@/lib/networks/server/errors";
import { feedPost, graph, graphError, graphGet, graphRequest, postUrl, upload } from "./graph";
import { facebookMetrics } from "./metrics";
import { followAcceptedVideo, videoPost } from "./video";
import { asNumber, asRecord, asString, expiresIn } from "@/lib/networks/server/http";
import { assertMediaFit, assertSingleVideo } from "@/lib/networks/server/media";
import type {
  PlatformPage,
  PlatformProfile,
  PublishedPost,
  PublishInput,
  PublishMedia,
  SocialPlatformModule,
  TokenSet,
} from "@/lib/networks/server/types";

/** Facebook Login + Graph API for Pages. Facts: shared/platform-apis.md section 2. */

/**
 * read_insights: post insights (views, reach, clicks) need it besides pages_read_engagement
 * (developers.facebook.com/blog/post/2022/11/08/getting-started-with-page-insights-api). A person
 * may decline it; the Pages still publish and engagement is still read, without views.
 */
const SCOPES = [
  "public_profile",
  "email",
  "pages_show_list",
  "pages_manage_posts",
  "pages_read_engagement",
  "read_insights",
  "business_management",
];
const MAX_PAGE_REQUESTS = 10;
/** Without these a connected Page can be neither listed nor posted to ((#200) on every publish). */
const PUBLISHING_PERMISSIONS = ["pages_show_list", "pages_manage_posts", "pages_read_engagement"];

/** `scopes`: what Facebook granted when known (connect reads /me/permissions), else what was asked. */
function tokenSet(body: Record<string, unknown>, scopes: string[] = SCOPES): TokenSet {
  const accessToken = asString(body.access_token);
  if (!accessToken) throw new PlatformError("invalid_request", "Facebook returned no access token");
  return {
    accessToken,
    refreshToken: null,
    expiresAt: expiresIn(body.expires_in),
    refreshTokenExpiresAt: null,
    scopes,
  };
}

/**
 * People can untick permissions in the consent dialog. What was granted is read back at connect
 * (GET /me/permissions, developers.facebook.com/docs/facebook-login/guides/permissions/request-revoke)
 * and stored as the account's scopes, so a connection that could never publish is refused with the
 * names of what is missing, instead of failing every post later with (#200), and the metrics read
 * knows whether it may ask for insights.
 */
async function grantedPermissions(accessToken: string): Promise<string[]> {
  const body = await graphGet("/me/permissions", { access_token: accessToken });
  const granted = new Set(
    (Array.isArray(body.data) ? body.data : [])
      .map(asRecord)
      .filter((entry) => entry.status === "granted")
      .map((entry) => asString(entry.permission))
      .filter((permission): permission is string => permission !== null),
  );
  const missing = PUBLISHING_PERMISSIONS.filter((permission) => !granted.has(permission));
  if (missing.length > 0)
    throw new PlatformError(
      "permission",
      `Facebook did not grant ${missing.join(", ")}, which Postloom needs to publish to your Pages. Connect again and leave ${missing.length === 1 ? "that permission" : "those permissions"} ticked.`,
      { code: "permissions_declined" },
    );
  return [...granted];
}

/** A short-lived user token becomes a ~60-day one; Facebook has no refresh tokens. */
async function longLived(accessToken: string): Promise<TokenSet> {
  return tokenSet(
    await graphGet("/oauth/access_token", {
      grant_type: "fb_exchange_token",
      client_id: client.clientId,
      client_secret: client.clientSecret,
      fb_exchange_token: accessToken,
    }),
  );
}

const pictureUrl = (picture: unknown) => asString(asRecord(asRecord(picture).data).url);

async function textPost(input: PublishInput, photoIds: string[]): Promise<PublishedPost> {
  const body = new URLSearchParams({ message: input.text, access_token: input.pageAccessToken ?? "" });
  photoIds.forEach((id, index) => body.set(`attached_media[${index}]`, JSON.stringify({ media_fbid: id })));
  const id = asString((await feedPost(input, body)).id);
  if (!id) throw new PlatformError("transient", "Facebook accepted the post but returned no id");
  return { platformPostId: id, url: postUrl(id) };
}

/** One photo with the text as its caption: a single published call makes the post. */
async function photoPost(input: PublishInput, item: PublishMedia): Promise<PublishedPost> {
  const body = await upload(input, "post", "photos", item, { message: input.text, published: "true" });
  const id = asString(body.post_id) ?? asString(body.id);
  if (!id) throw new PlatformError("transient", "Facebook accepted the photo but returned no id");
  return { platformPostId: id, url: postUrl(id) };
}

export const facebook: SocialPlatformModule = {
  id: "facebook",
  usesPkce: false,
  // Page tokens: 4800 × engaged users per rolling 24 h, per Page; counted for one engaged user.
  rateLimits: [{ name: "page-calls-24h", operations: ["post", "media", "lookup"], max: 4800, windowSeconds: 86_400 }],
  metrics: facebookMetrics,

  authorizationUrl({ state, redirectUri }) {
    const params = new URLSearchParams({
      client_id: client.clientId,
      redirect_uri: redirectUri,
      state,
      response_type: "code",
      scope: SCOPES.join(","),
    });
    return `${endpoints.www}/${endpoints.graphVersion}/dialog/oauth?${params}`;
  },

  async exchangeCode({ code, redirectUri }) {
    const short = tokenSet(
      await graphGet("/oauth/access_token", {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uri: redirectUri,
        code,
      }),
    );
    const tokens = await longLived(short.accessToken);
    return { ...tokens, scopes: await grantedPermissions(tokens.accessToken) };
  },

  async getProfile(accessToken): Promise<PlatformProfile> {
    const me = await graphGet("/me", { fields: "id,name,email,picture", access_token: accessToken });
    const accountId = asString(me.id);
    if (!accountId) throw new PlatformError("invalid_request", "Facebook returned no user id");
    return {
      accountId,
      handle: null,
      name: asString(me.name),
      email: asString(me.email),
      profilePicture: pictureUrl(me.picture),
      followerCount: null,
      postCount: null,
    };
  },

  async listPages(accessToken): Promise<PlatformPage[]> {
    const pages: PlatformPage[] = [];
    let next: string | null = null;
    for (let request = 0; request < MAX_PAGE_REQUESTS; request += 1) {
      const body = await graphGet(next ?? "/me/accounts", {
        fields: "id,name,category,fan_count,tasks,picture,access_token",
        limit: "100",
        access_token: accessToken,
      });
      for (const item of Array.isArray(body.data) ? body.data : []) {
        const page = asRecord(item);
        const pageId = asString(page.id);
        if (!pageId) continue;
        pages.push({
          pageId,
          name: asString(page.name) ?? pageId,
          username: null,
          category: asString(page.category),
          followerCount: asNumber(page.fan_count) ?? 0,
          permissions: Array.isArray(page.tasks)
            ? page.tasks.filter((task): task is string => typeof task === "string")
            : [],
          profilePicture: pictureUrl(page.picture),
          accessToken: asString(page.access_token),
        });
      }
      next = asString(asRecord(body.paging).next);
      if (!next) break;
    }
    return pages;
  },

  async checkPage(pageId, pageAccessToken) {
    const page = await graphGet(`/${encodeURIComponent(pageId)}`, {
      fields: "id,name,category,fan_count,picture",
      access_token: pageAccessToken,
    });
    return {
      name: asString(page.name) ?? pageId,
      category: asString(page.category),
      followerCount: asNumber(page.fan_count) ?? 0,
      profilePicture: pictureUrl(page.picture),
    };
  },

  async publish(input) {
    if (!input.pageAccessToken)
      throw new PlatformError("expired_token", "No page token is stored for this Facebook Page");
    if (input.acceptedMediaId) return followAcceptedVideo(input, input.acceptedMediaId);
    assertMediaFit("facebook", input.media);
    assertSingleVideo("facebook", input.media);
    const [first, ...others] = input.media;
    if (!first) return textPost(input, []);
    if (first.kind === "video") return videoPost(input, first);
    if (others.length === 0) return photoPost(input, first);
    // Several photos: each uploaded unpublished, then one feed post that attaches them all.
    const photoIds: string[] = [];
    for (const item of input.media) {
      const body = await upload(input, "media", "photos", item, { published: "false" });
      const id = asString(body.id);
      if (!id) throw new PlatformError("transient", "Facebook accepted a photo but returned no id");
      photoIds.push(id);
    }
    return textPost(input, photoIds);
  },

  async findRecentPost(input, since) {
    const { pageId, pageAccessToken, text } = input;
    if (!pageAccessToken) return null;
    await input.beforeRequest("lookup");
    const body = await graphGet(`/${encodeURIComponent(pageId)}/feed`, {
      fields: "id,message,created_time",
      limit: "100",
      access_token: pageAccessToken,
    });
    for (const item of Array.isArray(body.data) ? body.data : []) {
      const post = asRecord(item);
      const created = Date.parse(asString(post.created_time) ?? "");
      const id = asString(post.id);
      if (id && post.message === text && created >= since.getTime() - 60_000)
        return { platformPostId: id, url: postUrl(id) };
    }
    return null;
  },

  /** Re-exchanging a still-valid long-lived token extends it; an expired one needs a new login. */
  /** De-authorizes the app for the user (DELETE /me/permissions): the user token and its Page tokens end. */
  async revokeTokens({ accessToken }) {
    const response = await graphRequest(
      `${graph}/me/permissions?${new URLSearchParams({ access_token: accessToken })}`,
      {
        method: "DELETE",
      },
    );
    if (response.status !== 200) throw graphError(response);
  },

  async refreshTokens({ accessToken }) {
    return longLived(accessToken);
  },
};
