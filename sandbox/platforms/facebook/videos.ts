import { z } from "zod";
import { runPublish } from "../../publish";
import { findMedia, graphObjectId, recordMedia, recordPost } from "../../publish-state";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import type { IssuedToken, SandboxStore } from "../../state";
import { GRAPH, VERSION, graphError, pickFields, requestedFields } from "./graph-auth";
import { MAX_MESSAGE_LENGTH, facebookFaults, pageWrite } from "./publish";
import { facebookState } from "./state";
import { facebookVideoState, type PageVideo } from "./video-state";

/**
 * Page videos: POST /{page-id}/videos on graph-video.facebook.com (and graph.facebook.com), with a
 * Resumable Upload handle (`fbuploader_video_file_chunk`, uploads.ts) or the older multipart
 * `source`. Graph answers the video's id only; the video is then processed asynchronously and its
 * feed story appears once processing is done. GET /{video-id}?fields=status,post_id tells the
 * progress (status.video_status processing → ready, or error) and, once ready, the story's id.
 * Sources: developers.facebook.com/docs/video-api/guides/publishing,
 * developers.facebook.com/docs/graph-api/reference/video and /reference/video-status.
 */

/** How long processing takes, in sandbox time (POST /_control/clock moves it on). */
export const VIDEO_PROCESSING_MS = 1000;
const SOURCE_TYPES = ["video/mp4", "video/quicktime", "video/x-msvideo", "video/webm"];
const VIDEO_DEFAULT_FIELDS = ["id", "description", "updated_time"];

const invalidParameter = (message: string) => graphError({ message: `(#100) ${message}`, code: 100 });
const unsupportedFormat = () =>
  graphError({ message: "(#352) Sorry, the video file you selected is in a format that we don't support.", code: 352 });

const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+0000");

/**
 * Ends the processing of every video whose time has come: a ready, published video's story goes on
 * the Page's feed (with the id chosen at upload); a failed one never appears. Called by every read
 * that could see the outcome, so the feed changes with sandbox time alone.
 */
export function settleVideos(store: SandboxStore): void {
  const now = store.now();
  for (const video of store.slice(facebookVideoState).videos.values()) {
    if (video.settled || video.readyAt > now) continue;
    video.settled = true;
    if (video.failure || !video.published) continue;
    recordPost(store, {
      platform: "facebook",
      target: video.pageId,
      id: video.postId,
      text: video.description,
      mediaIds: [video.id],
    });
  }
}

export const findVideo = (store: SandboxStore, id: string) => store.slice(facebookVideoState).videos.get(id);

function videoStatus(video: PageVideo, now: number) {
  const done = video.readyAt <= now;
  if (done && video.failure)
    return {
      video_status: "error",
      uploading_phase: { status: "complete" },
      processing_phase: { status: "error", errors: [{ code: 1363008, message: video.failure }] },
      publishing_phase: { status: "not_started" },
    };
  return {
    video_status: done ? "ready" : "processing",
    uploading_phase: { status: "complete", bytes_transferred: video.bytes },
    processing_phase: { status: done ? "complete" : "in_progress" },
    publishing_phase: done
      ? { status: "complete", publish_status: video.published ? "published" : "not_published" }
      : { status: "not_started" },
  };
}

/**
 * GET /{video-id}: the Page's own token, or its owner's user token, may read it. A read of the
 * Page ("lookup" for the publish log and faults, so a test can fail a status check).
 */
export async function describeVideo(
  ctx: RequestContext,
  token: IssuedToken,
  video: PageVideo,
): Promise<SandboxResponse | null> {
  const page = ctx.store.slice(facebookState).pages.get(video.pageId);
  const allowed =
    (token.kind === "page" && token.subject === video.pageId) ||
    (token.kind === "user" && token.subject === page?.ownerId);
  if (!allowed) return null;
  const call = { platform: "facebook" as const, operation: "lookup" as const, target: video.pageId };
  return runPublish(ctx, call, facebookFaults, () => {
    settleVideos(ctx.store);
    const now = ctx.store.now();
    const ready = video.readyAt <= now && !video.failure;
    const fields = {
      id: video.id,
      description: video.description || undefined,
      created_time: graphTime(video.createdAtMs),
      updated_time: graphTime(Math.min(now, video.readyAt)),
      // The story exists only once the video is ready (U: whether Graph names it earlier).
      post_id: ready && video.published ? video.postId : undefined,
      permalink_url: `/${video.pageId}/videos/${video.id}/`,
      status: videoStatus(video, now),
    };
    return json(200, pickFields(fields, requestedFields(ctx), VIDEO_DEFAULT_FIELDS));
  });
}

async function videoPost(ctx: RequestContext): Promise<SandboxResponse> {
  const request = await pageWrite(ctx);
  if ("response" in request) return request.response;
  const { fields, pageId, published, token } = request;
  const operation = published ? "post" : "media";
  return runPublish(ctx, { platform: "facebook", operation, target: pageId }, facebookFaults, () => {
    const state = ctx.store.slice(facebookVideoState);
    const handle = fields.values.get("fbuploader_video_file_chunk");
    const source = fields.files.get("source");
    const url = fields.values.get("file_url");
    if ([handle, source, url].filter((given) => given !== undefined).length !== 1)
      return invalidParameter("Give exactly one of fbuploader_video_file_chunk, source or file_url");
    let bytes = 0;
    let contentType: string | null = null;
    if (handle !== undefined) {
      const session = state.handles.get(handle);
      const ownerId = ctx.store.slice(facebookState).pages.get(pageId)?.ownerId;
      // A handle is usable by the user who uploaded it, through a token of the same app.
      if (!session || session.userId !== ownerId || session.appId !== token.clientId)
        return invalidParameter("param fbuploader_video_file_chunk is not a valid upload handle of this app's user");
      if (session.fileType !== "video/mp4") return unsupportedFormat();
      bytes = session.fileLength;
      contentType = session.fileType;
    } else if (source) {
      if (source.bytes === 0 || !SOURCE_TYPES.includes(source.contentType)) return unsupportedFormat();
      bytes = source.bytes;
      contentType = source.contentType;
    } else if (url && !/^https?:\/\//i.test(url)) return invalidParameter("file_url should represent a valid URL");
    const description = fields.values.get("description") ?? "";
    if (description.length > MAX_MESSAGE_LENGTH)
      return invalidParameter(`Param description must be at most ${MAX_MESSAGE_LENGTH} characters`);
    const processingMs = state.processingNext.get(pageId) ?? VIDEO_PROCESSING_MS;
    state.processingNext.delete(pageId);
    const id = graphObjectId(ctx.store);
    recordMedia(ctx.store, {
      platform: "facebook",
      owner: pageId,
      id,
      bytes,
      contentType,
      uploaded: true,
      uploadKey: null,
      kind: "video",
      readyAt: ctx.store.now() + processingMs,
    });
    const failure = state.failNext.get(pageId) ?? null;
    state.failNext.delete(pageId);
    state.videos.set(id, {
      id,
      pageId,
      // The story's id is its own, not `{page}_{video}`.
      postId: `${pageId}_${graphObjectId(ctx.store)}`,
      description,
      bytes,
      published,
      createdAtMs: ctx.store.now(),
      readyAt: ctx.store.now() + processingMs,
      failure,
      settled: false,
    });
    return json(200, { id });
  });
}

const failSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1)
    .default("The video could not be processed: its audio and video streams are unreadable."),
});

/** POST /_control/facebook/pages/:pageId/fail-next-video: the next video on that Page fails processing. */
async function failNextVideo(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = failSchema.safeParse(await ctx.json());
  if (!parsed.success)
    return json(400, { error: "invalid_request", message: "message: a non-empty string is required" });
  const pageId = ctx.params.pageId ?? "";
  if (!ctx.store.slice(facebookState).pages.has(pageId))
    return json(404, { error: "not_found", message: `No Facebook Page ${pageId}` });
  ctx.store.slice(facebookVideoState).failNext.set(pageId, parsed.data.message);
  return json(200, { pageId, message: parsed.data.message });
}

const processingSchema = z.object({ seconds: z.number().positive().max(86_400) });

/** POST /_control/facebook/pages/:pageId/slow-next-video: the next video on that Page processes this long (sandbox time). */
async function slowNextVideo(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = processingSchema.safeParse(await ctx.json());
  if (!parsed.success)
    return json(400, { error: "invalid_request", message: "seconds: a positive number up to 86400 is required" });
  const pageId = ctx.params.pageId ?? "";
  if (!ctx.store.slice(facebookState).pages.has(pageId))
    return json(404, { error: "not_found", message: `No Facebook Page ${pageId}` });
  ctx.store.slice(facebookVideoState).processingNext.set(pageId, parsed.data.seconds * 1000);
  return json(200, { pageId, seconds: parsed.data.seconds });
}

/** POST /_control/facebook/videos/:videoId/finish-processing: that video's processing ends now (sandbox time). */
function finishProcessing(ctx: RequestContext): SandboxResponse {
  const video = findVideo(ctx.store, ctx.params.videoId ?? "");
  if (!video) return json(404, { error: "not_found", message: `No Facebook video ${ctx.params.videoId ?? ""}` });
  video.readyAt = Math.min(video.readyAt, ctx.store.now());
  const media = findMedia(ctx.store, "facebook", video.id);
  if (media) media.readyAt = video.readyAt;
  return json(200, { videoId: video.id, readyAt: video.readyAt });
}

export function registerFacebookVideos(router: Router): void {
  router
    .post("/_control/facebook/pages/:pageId/slow-next-video", slowNextVideo)
    .post("/_control/facebook/videos/:videoId/finish-processing", finishProcessing)
    .post(`/facebook/graph-video/${VERSION}/:id(\\d+)/videos`, videoPost)
    .post(`${GRAPH}/:id(\\d+)/videos`, videoPost)
    .post("/_control/facebook/pages/:pageId/fail-next-video", failNextVideo);
}
