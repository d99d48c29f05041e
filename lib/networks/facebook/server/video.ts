import { env } from "@/lib/server/env";
import { PlatformError } from "@/lib/networks/server/errors";
import { client } from "./endpoints";
import { graph, graphError, graphGet, graphRequest, pagePost, postUrl, upload, VIDEO_TIMEOUT_MS } from "./graph";
import { asNumber, asRecord, asString } from "@/lib/networks/server/http";
import { mediaRefused } from "@/lib/networks/server/media";
import type { PublishedPost, PublishInput, PublishMedia } from "@/lib/networks/server/types";

/** Page videos: the Resumable Upload API, publishing on graph-video, and waiting for processing. */

/** A video still processing after the attempt's budget (PUBLISH_VIDEO_WAIT_SECONDS) is looked at again after at most this. */
const MAX_RECHECK_MS = 60_000;
const FIRST_STATUS_CHECK_MS = 1_000;
const MAX_STATUS_INTERVAL_MS = 10_000;
/** Upload requests per video: the first, then resumes from the offset Facebook reports. */
const MAX_UPLOAD_ATTEMPTS = 3;
/** The Resumable Upload API's only video file_type (developers.facebook.com/docs/graph-api/resumable-upload-api). */
const RESUMABLE_VIDEO_TYPE = "video/mp4";

/**
 * Step 1 and 2 of the Resumable Upload API: a session for the app, started with the user's token,
 * then the bytes with `Authorization: OAuth` and their `file_offset`. An interrupted upload resumes
 * from the offset Facebook reports (GET upload:<session>), not from the start. Returns the handle.
 */
async function resumableUpload(input: PublishInput, item: PublishMedia): Promise<string> {
  await input.beforeRequest("media");
  const start = await graphRequest(
    `${graph}/${encodeURIComponent(client.clientId)}/uploads?${new URLSearchParams({
      file_name: item.filename,
      file_length: String(item.size),
      file_type: item.mimeType,
      access_token: input.accessToken,
    })}`,
    { method: "POST" },
  );
  if (start.status !== 200) throw graphError(start);
  const session = asString(asRecord(start.body).id);
  if (!session?.startsWith("upload:")) throw new PlatformError("transient", "Facebook started no upload session");
  const sessionUrl = `${graph}/${session}`;
  const authorization = `OAuth ${input.accessToken}`;
  const bytes = await item.bytes();
  let offset = 0;
  for (let attempt = 1; ;) {
    await input.beforeRequest("media");
    try {
      const response = await graphRequest(sessionUrl, {
        method: "POST",
        headers: { authorization, file_offset: String(offset), "content-type": "application/octet-stream" },
        body: bytes.subarray(offset),
        timeoutMs: VIDEO_TIMEOUT_MS,
      });
      if (response.status !== 200) throw graphError(response);
      const body = asRecord(response.body);
      const handle = asString(body.h);
      if (handle) return handle;
      const reported = asNumber(body.file_offset);
      if (reported === null || reported <= offset)
        throw new PlatformError("transient", "Facebook took none of the video");
      offset = reported;
    } catch (error) {
      attempt += 1;
      if (!(error instanceof PlatformError) || error.kind !== "transient" || attempt > MAX_UPLOAD_ATTEMPTS) throw error;
      await input.beforeRequest("media");
      const status = await graphRequest(sessionUrl, { headers: { authorization } });
      if (status.status !== 200) throw graphError(status);
      offset = asNumber(asRecord(status.body).file_offset) ?? 0;
    }
  }
}

/**
 * Facebook processes a video after accepting it (status.video_status: processing → ready, or
 * error); its feed story exists only then. Polls, further apart each time, until it is ready and
 * returns the story's id as Graph names it (`post_id`). Each poll goes through the engine's gate
 * (a lookup: rate limits, the claim still ours): the video's id is already recorded, so a deferral
 * or any error here only means looking at the same video again later. A video still processing at
 * the end of the budget throws "processing" with when to look again; never sent again.
 */
async function awaitProcessedVideo(input: PublishInput, filename: string, videoId: string): Promise<PublishedPost> {
  const budgetMs = env.PUBLISH_VIDEO_WAIT_SECONDS * 1000;
  const deadline = Date.now() + budgetMs;
  for (let waitMs = FIRST_STATUS_CHECK_MS; ; waitMs = Math.min(waitMs * 2, MAX_STATUS_INTERVAL_MS)) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(waitMs, deadline - Date.now()))));
    await input.beforeRequest("lookup");
    const video = await graphGet(`/${encodeURIComponent(videoId)}`, {
      fields: "status,post_id,permalink_url",
      access_token: input.pageAccessToken ?? "",
    });
    const status = asRecord(video.status);
    const state = asString(status.video_status);
    if (state === "error" || state === "expired") {
      const [first] = Array.isArray(asRecord(status.processing_phase).errors)
        ? (asRecord(status.processing_phase).errors as unknown[])
        : [];
      const reason = asString(asRecord(first).message) ?? "processing failed";
      throw new PlatformError("invalid_media", `Facebook could not process "${filename}": ${reason}`);
    }
    const postId = asString(video.post_id);
    if (state === "ready" && postId) return { platformPostId: postId, url: postUrl(postId) };
    if (Date.now() >= deadline)
      throw new PlatformError("processing", `Facebook is still processing video ${videoId}`, {
        resetAt: new Date(Date.now() + Math.min(budgetMs, MAX_RECHECK_MS)),
      });
  }
}

/**
 * A Page video: uploaded through the Resumable Upload API (MP4, the only video type it takes; other
 * formats go as one multipart `source`, the Video API's non-resumable protocol), published on the
 * Page, then awaited until processed. The post id is the one Graph gives for the video's story.
 *
 * Once Graph has answered the video's id the video is out: the id is handed to the engine
 * (`onAccepted`) before any waiting, and an attempt that starts with an accepted id only follows it.
 */
export async function videoPost(input: PublishInput, item: PublishMedia): Promise<PublishedPost> {
  const fields = { description: input.text, published: "true" };
  let body: Record<string, unknown>;
  if (item.mimeType === RESUMABLE_VIDEO_TYPE) {
    const handle = await resumableUpload(input, item).catch((error: unknown) => {
      throw mediaRefused(error, "facebook", item);
    });
    const form = new URLSearchParams({
      ...fields,
      fbuploader_video_file_chunk: handle,
      access_token: input.pageAccessToken ?? "",
    });
    body = await pagePost(input, "post", "videos", form).catch((error: unknown) => {
      throw mediaRefused(error, "facebook", item);
    });
  } else body = await upload(input, "post", "videos", item, fields);
  const videoId = asString(body.id);
  if (!videoId) throw new PlatformError("transient", "Facebook accepted the video but returned no id");
  await input.onAccepted?.(videoId);
  return awaitProcessedVideo(input, item.filename, videoId);
}

/**
 * A later attempt at a page whose video Graph already accepted: only that video's status is read,
 * whatever the post holds now (nothing is uploaded or posted again).
 */
export function followAcceptedVideo(input: PublishInput, videoId: string): Promise<PublishedPost> {
  const filename = input.media.find((item) => item.kind === "video")?.filename ?? `video ${videoId}`;
  return awaitProcessedVideo(input, filename, videoId);
}
