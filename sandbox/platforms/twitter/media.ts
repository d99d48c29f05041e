import { readFields, runPublish } from "../../publish";
import { findMedia, recordMedia, snowflake, type UploadedMedia } from "../../publish-state";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import type { IssuedToken } from "../../state";
import { authenticateTwitter } from "./api";
import { withXRateLimit, type XEndpoint } from "./limits";
import {
  MEDIA_CATEGORIES,
  MEDIA_KEY_PREFIX,
  MEDIA_LIFETIME_SECONDS,
  categoryKind,
  invalidRequest,
  twitterFaults,
} from "./publish";

/**
 * X's chunked media upload (the 2025 path-based v2 form): POST /2/media/upload/initialize, then
 * /2/media/upload/{id}/append per segment, /2/media/upload/{id}/finalize, and
 * GET /2/media/upload?command=STATUS&media_id= while a video or GIF is processed. Processing takes
 * PROCESSING_MS of sandbox time; a post naming the media before that is refused.
 */

const MB = 1024 * 1024;
/** Per category, from X's media limits: images 5 MB, GIFs 15 MB, videos 512 MB. */
const MAX_BYTES: Record<string, number> = { image: 5 * MB, gif: 15 * MB, video: 512 * MB };
const PROCESSING_MS = 1000;
/** The image and video types of the spec's InitializeMediaUploadRequest.media_type. */
const MEDIA_TYPES = [
  "video/mp4",
  "video/webm",
  "video/mp2t",
  "video/quicktime",
  "image/jpeg",
  "image/gif",
  "image/bmp",
  "image/png",
  "image/webp",
  "image/pjpeg",
  "image/tiff",
];

const asObject = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** A media call: logged as a publishing call, faults first, then X's windows for the endpoint. */
const mediaCall = (
  ctx: RequestContext,
  token: IssuedToken,
  endpoint: XEndpoint,
  handle: () => SandboxResponse | Promise<SandboxResponse>,
) =>
  runPublish(ctx, { platform: "twitter", operation: "media", target: token.subject }, twitterFaults, () =>
    withXRateLimit(ctx, endpoint, token, handle),
  );

const mediaKey = (media: UploadedMedia) => `${MEDIA_KEY_PREFIX[media.kind ?? "image"] ?? "3"}_${media.id}`;

/** The caller's own media in the middle (or at the end) of a chunked upload; null when unknown. */
function ownChunked(ctx: RequestContext, userId: string, id: string): UploadedMedia | null {
  const media = findMedia(ctx.store, "twitter", id);
  return media && media.owner === userId && media.expectedBytes !== undefined ? media : null;
}

function processingInfo(ctx: RequestContext, media: UploadedMedia) {
  if (media.readyAt === undefined) return undefined;
  const left = media.readyAt - ctx.store.now();
  if (left <= 0) return { state: "succeeded", progress_percent: 100 };
  return {
    state: "in_progress",
    check_after_secs: Math.max(1, Math.ceil(left / 1000)),
    progress_percent: Math.floor((100 * (PROCESSING_MS - left)) / PROCESSING_MS),
  };
}

async function initialize(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = authenticateTwitter(ctx, "POST /2/media/upload/initialize");
  if (!auth.ok) return auth.response;
  const userId = auth.token.subject;
  const body = asObject(await ctx.json()) ?? {};
  return mediaCall(ctx, auth.token, "POST /2/media/upload/initialize", () => {
    const total = body.total_bytes;
    if (typeof body.media_type !== "string" || !MEDIA_TYPES.includes(body.media_type))
      return invalidRequest("$.media_type: a MIME type such as video/mp4 is required");
    if (typeof total !== "number" || !Number.isInteger(total) || total <= 0)
      return invalidRequest("$.total_bytes: a positive integer is required");
    const category = typeof body.media_category === "string" ? body.media_category : "tweet_image";
    if (!MEDIA_CATEGORIES.includes(category))
      return invalidRequest(`$.media_category: must be one of ${MEDIA_CATEGORIES.join(", ")}`);
    const kind = categoryKind(category);
    if (total > (MAX_BYTES[kind] ?? 0)) return invalidRequest(`$.total_bytes: too large for ${category}`);
    const media = recordMedia(ctx.store, {
      platform: "twitter",
      owner: userId,
      id: snowflake(ctx.store),
      bytes: 0,
      contentType: body.media_type,
      uploaded: false,
      uploadKey: null,
      kind,
      expectedBytes: total,
      parts: {},
    });
    return json(200, {
      data: { id: media.id, media_key: mediaKey(media), expires_after_secs: MEDIA_LIFETIME_SECONDS },
    });
  });
}

async function append(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = authenticateTwitter(ctx, "POST /2/media/upload/{id}/append");
  if (!auth.ok) return auth.response;
  const userId = auth.token.subject;
  const fields = await readFields(ctx, false);
  return mediaCall(ctx, auth.token, "POST /2/media/upload/:id/append", () => {
    const media = ownChunked(ctx, userId, ctx.params.id ?? "");
    if (!media || media.uploaded) return invalidRequest("$.media_id: no upload in progress with this id");
    const index = Number(fields.values.get("segment_index"));
    if (!Number.isInteger(index) || index < 0 || index > 999)
      return invalidRequest("$.segment_index: an integer from 0 to 999 is required");
    const file = fields.files.get("media");
    const base64 = fields.values.get("media_data") ?? fields.values.get("media");
    const size = file?.bytes ?? (base64 ? Buffer.from(base64, "base64").length : 0);
    if (size === 0) return invalidRequest("$.media: is missing but it is required");
    media.parts = { ...media.parts, [index]: size };
    // 200 with the session's end (X's OpenAPI spec, AppendMediaUploadResponse), not the empty 2xx of v1.1.
    const expiresAt = Math.floor(Date.parse(media.createdAt) / 1000) + MEDIA_LIFETIME_SECONDS;
    return json(200, { data: { expires_at: expiresAt } });
  });
}

async function finalize(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = authenticateTwitter(ctx, "POST /2/media/upload/{id}/finalize");
  if (!auth.ok) return auth.response;
  const userId = auth.token.subject;
  return mediaCall(ctx, auth.token, "POST /2/media/upload/:id/finalize", () => {
    const media = ownChunked(ctx, userId, ctx.params.id ?? "");
    if (!media) return invalidRequest("$.media_id: no upload in progress with this id");
    if (!media.uploaded) {
      const indexes = Object.keys(media.parts ?? {})
        .map(Number)
        .sort((a, b) => a - b);
      const received = indexes.reduce((sum, index) => sum + (media.parts?.[index] ?? 0), 0);
      if (indexes.some((index, position) => index !== position))
        return invalidRequest("Segments must be numbered from 0 without gaps.");
      if (received !== media.expectedBytes)
        return invalidRequest(`File size mismatch: expected ${media.expectedBytes} bytes, received ${received}.`);
      media.bytes = received;
      media.uploaded = true;
      if (media.kind === "video" || media.kind === "gif") media.readyAt = ctx.store.now() + PROCESSING_MS;
    }
    const info = processingInfo(ctx, media);
    const data = {
      id: media.id,
      media_key: mediaKey(media),
      size: media.bytes,
      expires_after_secs: MEDIA_LIFETIME_SECONDS,
    };
    return json(200, {
      data: info
        ? { ...data, processing_info: info.state === "succeeded" ? info : { ...info, state: "pending" } }
        : data,
    });
  });
}

async function status(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = authenticateTwitter(ctx, "GET /2/media/upload");
  if (!auth.ok) return auth.response;
  const userId = auth.token.subject;
  if (ctx.query.get("command") !== "STATUS") return invalidRequest("$.command: only STATUS is supported with GET");
  return mediaCall(ctx, auth.token, "GET /2/media/upload", () => {
    const media = findMedia(ctx.store, "twitter", ctx.query.get("media_id") ?? "");
    if (!media || media.owner !== userId) return invalidRequest("$.media_id: unknown media id");
    const info = processingInfo(ctx, media);
    return json(200, {
      data: { id: media.id, media_key: mediaKey(media), ...(info ? { processing_info: info } : {}) },
    });
  });
}

export function registerTwitterMedia(router: Router): void {
  router
    .post("/x/api/2/media/upload/initialize", initialize)
    .post("/x/api/2/media/upload/:id(\\d+)/append", append)
    .post("/x/api/2/media/upload/:id(\\d+)/finalize", finalize)
    .get("/x/api/2/media/upload", status);
}
