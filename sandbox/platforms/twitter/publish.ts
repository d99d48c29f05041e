import { createHash } from "node:crypto";
import twitterText from "twitter-text";
import { readFields, runPublish, type FaultResponses } from "../../publish";
import {
  findDuplicate,
  findMedia,
  postsOf,
  recordMedia,
  recordPost,
  snowflake,
  type MediaKind,
} from "../../publish-state";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import { authenticateTwitter, unauthorized } from "./api";
import { withXRateLimit } from "./limits";

/**
 * Posting on X: POST /2/tweets, the one-shot POST /2/media/upload, and GET /2/users/:id/tweets
 * (newest first, links rewritten to t.co as X does) for recovery lookups. Text is measured with twitter-text, which is what X uses:
 * 280 weighted characters, URLs 23, CJK and emoji 2.
 */

const PROBLEM_JSON = { "content-type": "application/problem+json" };
const MAX_MEDIA_PER_TWEET = 4;
/** The categories INITIALIZE takes (X's OpenAPI spec, InitializeMediaUploadRequest; subtitles left out). */
export const MEDIA_CATEGORIES = [
  "tweet_image",
  "tweet_gif",
  "tweet_video",
  "amplify_video",
  "dm_image",
  "dm_gif",
  "dm_video",
];
/** The one-shot upload's categories, a required field there (spec, MediaUploadRequest): no amplify_video. */
const ONE_SHOT_CATEGORIES = MEDIA_CATEGORIES.filter((category) => category !== "amplify_video");
/** Every field POST /2/tweets takes; the spec's CreatePostsRequest allows no others. */
const CREATE_POST_FIELDS = new Set([
  "card_uri",
  "community_id",
  "direct_message_deep_link",
  "edit_options",
  "for_super_followers_only",
  "geo",
  "made_with_ai",
  "media",
  "nullcast",
  "paid_partnership",
  "poll",
  "quote_tweet_id",
  "reply",
  "reply_settings",
  "share_with_followers",
  "text",
]);
/** X's media_key prefixes: 3 image, 16 GIF, 7 video. */
export const MEDIA_KEY_PREFIX: Record<string, string> = { gif: "16", video: "7" };
export const MEDIA_LIFETIME_SECONDS = 86_400;

/** tweet_video → video, tweet_gif → gif, anything else → image. */
export const categoryKind = (category: string): MediaKind =>
  category.endsWith("video") ? "video" : category.endsWith("gif") ? "gif" : "image";

const problem = (status: number, title: string, detail: string, headers: Record<string, string> = {}) =>
  json(status, { title, detail, type: "about:blank", status }, { ...PROBLEM_JSON, ...headers });

export const invalidRequest = (message: string) =>
  json(
    400,
    {
      errors: [{ message }],
      title: "Invalid Request",
      detail: "One or more parameters to your request was invalid.",
      type: "https://api.x.com/2/problems/invalid-request",
    },
    PROBLEM_JSON,
  );

const duplicateContent = () =>
  json(
    403,
    {
      detail: "You are not allowed to create a Tweet with duplicate content.",
      type: "about:blank",
      title: "Forbidden",
      status: 403,
    },
    PROBLEM_JSON,
  );

/** Posting allowance of the older tier: 200 per 15 minutes per user. */
const TWEET_WINDOW_LIMIT = 200;

export const twitterFaults: FaultResponses = {
  // On the sandbox clock, like the Date the answer carries.
  rate_limit: (fault, now) =>
    problem(429, "Too Many Requests", "Too Many Requests", {
      "x-rate-limit-limit": String(TWEET_WINDOW_LIMIT),
      "x-rate-limit-remaining": "0",
      "x-rate-limit-reset": String(Math.ceil(now / 1000) + fault.resetAfterSeconds),
    }),
  server_error: () => problem(500, "Internal Server Error", "Internal Server Error"),
  duplicate: () => duplicateContent(),
  expired_token: () => unauthorized(),
};

const asObject = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

async function createTweet(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = authenticateTwitter(ctx, "POST /2/tweets");
  if (!auth.ok) return auth.response;
  const userId = auth.token.subject;
  const body = asObject(await ctx.json());
  if (!body) return invalidRequest("The request body must be a JSON object");
  const unknownField = Object.keys(body).find((field) => !CREATE_POST_FIELDS.has(field));
  if (unknownField !== undefined)
    return invalidRequest(
      `$.${unknownField}: is not defined in the schema and the schema does not allow additional properties`,
    );
  const call = { platform: "twitter", operation: "post", target: userId } as const;
  return runPublish(ctx, call, twitterFaults, () =>
    withXRateLimit(ctx, "POST /2/tweets", auth.token, () => {
      const text = body.text;
      if (text !== undefined && typeof text !== "string") return invalidRequest("$.text: string expected");
      const mediaIds = asObject(body.media)?.media_ids ?? [];
      if (!Array.isArray(mediaIds) || !mediaIds.every((id) => typeof id === "string" && /^\d{1,19}$/.test(id)))
        return invalidRequest("$.media.media_ids: array of strings expected");
      if (body.media !== undefined && mediaIds.length === 0)
        return invalidRequest("$.media.media_ids: there must be a minimum of 1 items in the array");
      if (!text && mediaIds.length === 0) return invalidRequest("$.text: is missing but it is required");
      if (mediaIds.length > MAX_MEDIA_PER_TWEET) return invalidRequest("$.media.media_ids: at most 4 items");
      const media = mediaIds.map((id) => findMedia(ctx.store, "twitter", id));
      if (media.some((item) => item?.owner !== userId || !item.uploaded))
        return invalidRequest("Your media IDs are invalid.");
      if (media.some((item) => item?.readyAt !== undefined && item.readyAt > ctx.store.now()))
        return invalidRequest("Your media is still being processed. Check its status and try again.");
      if (media.length > 1 && media.some((item) => item?.kind === "video" || item?.kind === "gif"))
        return invalidRequest("$.media.media_ids: a post may carry up to 4 images, or a single GIF or video");
      const replyTo = asObject(body.reply)?.in_reply_to_tweet_id;
      if (body.reply !== undefined && typeof replyTo !== "string")
        return invalidRequest("$.reply.in_reply_to_tweet_id: is missing but it is required");
      const content = text ?? "";
      if (twitterText.parseTweet(content).weightedLength > 280)
        return invalidRequest(
          "Your Tweet text is too long. For more information on how X determines text length see https://github.com/twitter/twitter-text.",
        );
      if (findDuplicate(ctx.store, "twitter", userId, content)) return duplicateContent();
      const id = snowflake(ctx.store);
      recordPost(ctx.store, {
        platform: "twitter",
        target: userId,
        id,
        text: content,
        mediaIds,
        replyTo: typeof replyTo === "string" ? replyTo : null,
      });
      return json(201, { data: { id, text: content, edit_history_tweet_ids: [id] } });
    }),
  );
}

async function uploadMedia(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = authenticateTwitter(ctx, "POST /2/media/upload");
  if (!auth.ok) return auth.response;
  const userId = auth.token.subject;
  const fields = await readFields(ctx, false);
  const call = { platform: "twitter", operation: "media", target: userId } as const;
  return runPublish(ctx, call, twitterFaults, () =>
    withXRateLimit(ctx, "POST /2/media/upload", auth.token, () => {
      const file = fields.files.get("media");
      const base64 = fields.values.get("media_data") ?? fields.values.get("media");
      if (!file && !base64) return invalidRequest("$.media: is missing but it is required");
      const category = fields.values.get("media_category");
      if (category === undefined) return invalidRequest("$.media_category: is missing but it is required");
      if (!ONE_SHOT_CATEGORIES.includes(category))
        return invalidRequest(`$.media_category: must be one of ${ONE_SHOT_CATEGORIES.join(", ")}`);
      const id = snowflake(ctx.store);
      const size = file?.bytes ?? Buffer.from(base64 ?? "", "base64").length;
      recordMedia(ctx.store, {
        platform: "twitter",
        owner: userId,
        id,
        bytes: size,
        contentType: file?.contentType ?? fields.values.get("media_type") ?? null,
        uploaded: true,
        uploadKey: null,
        kind: categoryKind(category),
      });
      const kind = category.split("_")[1] ?? "image";
      const mediaKey = `${MEDIA_KEY_PREFIX[kind] ?? "3"}_${id}`;
      return json(200, { data: { id, media_key: mediaKey, size, expires_after_secs: MEDIA_LIFETIME_SECONDS } });
    }),
  );
}

const tco = (seed: string) => `https://t.co/${createHash("sha256").update(seed).digest("base64url").slice(0, 10)}`;

/**
 * A tweet as X hands it back: every link in the text rewritten to a t.co link, &, < and > escaped, and
 * a t.co link to the media appended; `entities.urls` (only when asked for) maps each t.co link back to
 * the link (with a scheme added when it was typed without one).
 */
function asReadBack(tweet: { id: string; text: string; mediaIds: string[] }, withEntities: boolean) {
  const urls: { start: number; end: number; url: string; expanded_url: string; display_url: string }[] = [];
  let text = "";
  let rest = 0;
  for (const entity of twitterText.extractUrlsWithIndices(tweet.text)) {
    const [start, end] = entity.indices;
    text += tweet.text.slice(rest, start);
    const url = tco(entity.url);
    // As on X: a link typed without a scheme comes back with one.
    const expanded = /^https?:\/\//i.test(entity.url) ? entity.url : `http://${entity.url}`;
    urls.push({
      start: text.length,
      end: text.length + url.length,
      url,
      expanded_url: expanded,
      display_url: entity.url.replace(/^https?:\/\//, "").slice(0, 26),
    });
    text += url;
    rest = end;
  }
  text += tweet.text.slice(rest);
  // X's v2 API HTML-escapes &, < and > in the text it returns.
  text = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  if (tweet.mediaIds.length > 0) {
    const url = tco(`media:${tweet.id}`);
    text = `${text} ${url}`;
    urls.push({
      start: text.length - url.length,
      end: text.length,
      url,
      expanded_url: `https://x.com/i/status/${tweet.id}/photo/1`,
      display_url: "pic.x.com",
    });
  }
  return { text, ...(withEntities && urls.length > 0 ? { entities: { urls } } : {}) };
}

async function userTweets(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = authenticateTwitter(ctx, "GET /2/users/{id}/tweets");
  if (!auth.ok) return auth.response;
  const userId = ctx.params.id ?? "";
  const raw = ctx.query.get("max_results");
  const max = raw === null ? 10 : Number(raw);
  if (!Number.isInteger(max) || max < 5 || max > 100)
    return invalidRequest(`The \`max_results\` query parameter value [${raw}] is not between 5 and 100`);
  const bounds: Record<string, number> = {};
  for (const param of ["start_time", "end_time"]) {
    const value = ctx.query.get(param);
    if (value === null) continue;
    const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(value) ? Date.parse(value) : NaN;
    if (Number.isNaN(time))
      return invalidRequest(`Invalid '${param}':'${value}'. '${param}' must be an ISO 8601 UTC timestamp`);
    bounds[param] = time;
  }
  if (bounds.end_time !== undefined && bounds.end_time > ctx.store.now())
    return invalidRequest(`Invalid 'end_time':'${ctx.query.get("end_time")}'. 'end_time' must be a time in the past`);
  const call = { platform: "twitter", operation: "lookup", target: userId } as const;
  return runPublish(ctx, call, twitterFaults, () =>
    withXRateLimit(ctx, "GET /2/users/:id/tweets", auth.token, () => {
      // Newest first, within [start_time, end_time] when given (docs.x.com, GET /2/users/:id/tweets).
      const tweets = postsOf(ctx.store, "twitter", userId)
        .filter((tweet) => {
          const created = Date.parse(tweet.createdAt);
          return !(created < (bounds.start_time ?? -Infinity)) && !(created > (bounds.end_time ?? Infinity));
        })
        .slice(0, max);
      const withEntities = (ctx.query.get("tweet.fields") ?? "").split(",").includes("entities");
      const data = tweets.map((tweet) => ({
        id: tweet.id,
        ...asReadBack(tweet, withEntities),
        created_at: tweet.createdAt,
        edit_history_tweet_ids: [tweet.id],
      }));
      const newest = data[0];
      const oldest = data[data.length - 1];
      if (!newest || !oldest) return json(200, { meta: { result_count: 0 } });
      return json(200, { data, meta: { result_count: data.length, newest_id: newest.id, oldest_id: oldest.id } });
    }),
  );
}

export function registerTwitterPublish(router: Router): void {
  router
    .post("/x/api/2/tweets", createTweet)
    .post("/x/api/2/media/upload", uploadMedia)
    .get("/x/api/2/users/:id(\\d+)/tweets", userTweets);
}
