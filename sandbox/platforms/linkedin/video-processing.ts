import type { UploadedMedia } from "../../publish-state";
import type { SandboxStore } from "../../state";
import { defineSlice } from "../../state";

/**
 * LinkedIn processes a video after finalizeUpload: GET /rest/videos/{urn} answers WAITING_UPLOAD
 * until then, PROCESSING for a while, then AVAILABLE or PROCESSING_FAILED
 * (learn.microsoft.com/linkedin/marketing/community-management/shares/videos-api, "Video Status").
 * Processing takes `processingSeconds` of sandbox time; tests make the next videos fail with
 * POST /_control/linkedin/videos.
 */

export type LinkedInVideoStatus = "WAITING_UPLOAD" | "PROCESSING" | "AVAILABLE" | "PROCESSING_FAILED";

/** LinkedIn takes minutes; the sandbox a few seconds, so that clients are seen to wait. */
export const DEFAULT_PROCESSING_SECONDS = 2;

interface Processing {
  readyAt: number;
  failure: string | null;
}

export const linkedinVideosState = defineSlice<{
  processingSeconds: number;
  /** How many of the next finalized videos fail processing, with this reason. */
  failNext: number;
  failureReason: string;
  videos: Map<string, Processing>;
}>(
  "linkedinVideos",
  () => ({
    processingSeconds: DEFAULT_PROCESSING_SECONDS,
    failNext: 0,
    failureReason: "The video could not be transcoded",
    videos: new Map(),
  }),
  (state) => ({
    processingSeconds: state.processingSeconds,
    failNext: state.failNext,
    videos: Object.fromEntries(state.videos),
  }),
);

/** finalizeUpload accepted the parts: processing starts now. */
export function startProcessing(store: SandboxStore, video: UploadedMedia): void {
  const state = store.slice(linkedinVideosState);
  const fails = state.failNext > 0;
  if (fails) state.failNext -= 1;
  state.videos.set(video.id, {
    readyAt: store.now() + state.processingSeconds * 1000,
    failure: fails ? state.failureReason : null,
  });
}

export function videoStatus(
  store: SandboxStore,
  video: UploadedMedia,
): { status: LinkedInVideoStatus; failure: string | null } {
  const processing = store.slice(linkedinVideosState).videos.get(video.id);
  if (!video.uploaded || !processing) return { status: "WAITING_UPLOAD", failure: null };
  if (store.now() < processing.readyAt) return { status: "PROCESSING", failure: null };
  return processing.failure
    ? { status: "PROCESSING_FAILED", failure: processing.failure }
    : { status: "AVAILABLE", failure: null };
}
