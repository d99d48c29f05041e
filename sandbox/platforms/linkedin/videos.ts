import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { runPublish } from "../../publish";
import { findMedia, findUpload, recordMedia, type UploadedMedia } from "../../publish-state";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import { authenticateLinkedIn } from "./api";
import { UPLOADS, asObject, badRequest, linkedinFaults, notAllowed, restHeadersProblem, restResource } from "./publish";
import { scopeProblem } from "./scopes";
import { linkedinVideosState, startProcessing, videoStatus } from "./video-processing";

/**
 * The Videos API under /linkedin/api/rest: initializeUpload answers one upload URL per 4 MB part
 * (byte ranges), each part is PUT to its URL and answered with an ETag, and finalizeUpload takes
 * the ETags in order. Then LinkedIn processes the video (video-processing.ts): GET /rest/videos/{urn}
 * says PROCESSING, then AVAILABLE (or PROCESSING_FAILED), and only an AVAILABLE video may be named
 * by a post's `content.media.id`.
 */

const PART_BYTES = 4 * 1024 * 1024;
/** LinkedIn's video limits: 75 KB to 500 MB. */
const MIN_BYTES = 75 * 1024;
const MAX_BYTES = 500 * 1024 * 1024;
const UPLOAD_URL_LIFETIME_MS = 24 * 3600 * 1000;

const partCount = (media: UploadedMedia) => Math.ceil((media.expectedBytes ?? 0) / PART_BYTES);
const partSize = (media: UploadedMedia, index: number) =>
  Math.min(PART_BYTES, (media.expectedBytes ?? 0) - index * PART_BYTES);
/** What LinkedIn answers as the part's ETag; derived, so nothing more needs remembering. */
const etagOf = (media: UploadedMedia, index: number) =>
  `/${createHash("sha256").update(`${media.uploadKey}:${index}`).digest("base64url").slice(0, 24)}`;

async function initializeUpload(ctx: RequestContext, sub: string): Promise<SandboxResponse> {
  const request = asObject(asObject(await ctx.json())?.initializeUploadRequest);
  return runPublish(ctx, { platform: "linkedin", operation: "media", target: sub }, linkedinFaults, () => {
    if (typeof request?.owner !== "string") return badRequest("initializeUploadRequest.owner is required");
    if (request.owner !== `urn:li:person:${sub}`)
      return notAllowed(`Member may not upload videos for ${request.owner}`);
    const size = request.fileSizeBytes;
    if (typeof size !== "number" || !Number.isInteger(size) || size < MIN_BYTES || size > MAX_BYTES)
      return badRequest(`initializeUploadRequest.fileSizeBytes must be from ${MIN_BYTES} to ${MAX_BYTES}`);
    const media = recordMedia(ctx.store, {
      platform: "linkedin",
      owner: sub,
      id: `urn:li:video:D5610AQ${randomBytes(9).toString("base64url")}`,
      bytes: 0,
      contentType: null,
      uploaded: false,
      uploadKey: randomBytes(18).toString("base64url"),
      kind: "video",
      expectedBytes: size,
      parts: {},
    });
    const uploadInstructions = Array.from({ length: partCount(media) }, (_, index) => ({
      uploadUrl: `${ctx.baseUrl}${UPLOADS}/${media.uploadKey}/${index}`,
      firstByte: index * PART_BYTES,
      lastByte: index * PART_BYTES + partSize(media, index) - 1,
    }));
    return json(200, {
      value: {
        uploadUrlsExpireAt: ctx.store.now() + UPLOAD_URL_LIFETIME_MS,
        video: media.id,
        uploadInstructions,
        uploadToken: "",
      },
    });
  });
}

async function finalizeUpload(ctx: RequestContext, sub: string): Promise<SandboxResponse> {
  const request = asObject(asObject(await ctx.json())?.finalizeUploadRequest);
  return runPublish(ctx, { platform: "linkedin", operation: "media", target: sub }, linkedinFaults, () => {
    const media = typeof request?.video === "string" ? findMedia(ctx.store, "linkedin", request.video) : undefined;
    if (!media || media.kind !== "video")
      return badRequest("finalizeUploadRequest.video is not a video being uploaded");
    if (media.owner !== sub) return notAllowed("This video belongs to another member");
    const ids = request?.uploadedPartIds;
    const expected = Array.from({ length: partCount(media) }, (_, index) => etagOf(media, index));
    const missing = expected.findIndex((_, index) => media.parts?.[index] !== partSize(media, index));
    if (missing !== -1) return badRequest(`Part ${missing} of the video has not been uploaded`);
    if (!Array.isArray(ids) || ids.length !== expected.length || ids.some((id, index) => id !== expected[index]))
      return badRequest("finalizeUploadRequest.uploadedPartIds must list every part's ETag in order");
    media.bytes = media.expectedBytes ?? 0;
    media.uploaded = true;
    startProcessing(ctx.store, media);
    return { status: 200, headers: {}, body: "" };
  });
}

async function videosAction(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = authenticateLinkedIn(ctx);
  if (!auth.ok) return auth.response;
  const headers = restHeadersProblem(ctx);
  if (headers) return headers;
  const action = ctx.query.get("action");
  const denied = scopeProblem(auth.token, "w_member_social", restResource(ctx, `videos.ACTION-${action ?? ""}`));
  if (denied) return denied;
  if (action === "initializeUpload") return initializeUpload(ctx, auth.token.subject);
  if (action === "finalizeUpload") return finalizeUpload(ctx, auth.token.subject);
  return badRequest("Unsupported action; use action=initializeUpload or action=finalizeUpload");
}

/** PUT {uploadUrl} of one part: exactly the part's byte range, with the member's Bearer token. */
async function uploadPart(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = authenticateLinkedIn(ctx);
  if (!auth.ok) return auth.response;
  const denied = scopeProblem(auth.token, "w_member_social", "videos.UPLOAD");
  if (denied) return denied;
  const sub = auth.token.subject;
  const media = findUpload(ctx.store, ctx.params.key ?? "");
  const index = Number(ctx.params.part);
  if (!media || media.kind !== "video" || index >= partCount(media))
    return json(404, { status: 404, message: "Upload URL not found" });
  if (media.owner !== sub) return notAllowed("This upload URL belongs to another member");
  const bytes = await ctx.raw();
  return runPublish(ctx, { platform: "linkedin", operation: "media", target: sub }, linkedinFaults, () => {
    if (bytes.length !== partSize(media, index))
      return badRequest(`Part ${index} must be ${partSize(media, index)} bytes; got ${bytes.length}`);
    media.parts = { ...media.parts, [index]: bytes.length };
    return { status: 200, headers: { etag: etagOf(media, index) }, body: "" };
  });
}

/** GET /rest/videos/{urn}: the video's owner, id and processing status, for its owner only. */
async function getVideo(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = authenticateLinkedIn(ctx);
  if (!auth.ok) return auth.response;
  const headers = restHeadersProblem(ctx);
  if (headers) return headers;
  const sub = auth.token.subject;
  return runPublish(ctx, { platform: "linkedin", operation: "media", target: sub }, linkedinFaults, () => {
    const media = findMedia(ctx.store, "linkedin", ctx.params.urn ?? "");
    if (!media || media.kind !== "video") return json(404, { status: 404, message: "Video not found" });
    if (media.owner !== sub) return notAllowed("This video belongs to another member");
    const { status, failure } = videoStatus(ctx.store, media);
    return json(200, {
      owner: `urn:li:person:${media.owner}`,
      id: media.id,
      status,
      ...(failure ? { processingFailureReason: failure } : {}),
    });
  });
}

const videoControlSchema = z
  .object({
    processingSeconds: z.number().min(0).max(3600).optional(),
    failNext: z.number().int().min(0).max(100).optional(),
    failureReason: z.string().trim().min(1).max(200).optional(),
  })
  .refine((body) => Object.keys(body).length > 0);

/** POST /_control/linkedin/videos: how long processing takes, and how many of the next videos fail it. */
async function videoControl(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = videoControlSchema.safeParse(await ctx.json());
  if (!parsed.success)
    return json(400, {
      error: "invalid_request",
      message:
        'Body must be {"processingSeconds"?: 0..3600, "failNext"?: 0..100, "failureReason"?: string}, with at least one',
    });
  const state = ctx.store.slice(linkedinVideosState);
  Object.assign(state, parsed.data);
  return json(200, {
    processingSeconds: state.processingSeconds,
    failNext: state.failNext,
    failureReason: state.failureReason,
  });
}

export function registerLinkedInVideos(router: Router): void {
  router
    .post("/linkedin/api/rest/videos", videosAction)
    .get("/linkedin/api/rest/videos/:urn", getVideo)
    .put(`${UPLOADS}/:key/:part(\\d+)`, uploadPart)
    .post("/_control/linkedin/videos", videoControl);
}
