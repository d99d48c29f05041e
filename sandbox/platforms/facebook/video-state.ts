import { defineSlice } from "../../state";

/** Facebook's upload sessions, file handles and Page videos (with their processing), kept apart from Pages and users. */

export interface UploadSession {
  id: string;
  appId: string;
  /** The user whose token started it: only they may send its bytes or publish its handle. */
  userId: string;
  fileName: string;
  fileLength: number;
  fileType: string;
  /** Bytes received so far: where the next chunk must start. */
  offset: number;
  /** Set once the file is whole. */
  handle: string | null;
  /** Bytes taken by each upload request, in order (how a test sees a resumed upload). */
  chunks: number[];
}

export interface PageVideo {
  id: string;
  pageId: string;
  /** The feed story's id, `{page-id}_{post-id}`: chosen now, on the feed once processing is done. */
  postId: string;
  description: string;
  bytes: number;
  published: boolean;
  createdAtMs: number;
  /** Sandbox time processing ends. */
  readyAt: number;
  /** Set when processing fails (the reason Graph gives); the story never appears. */
  failure: string | null;
  /** Processing has ended and its outcome (the feed story) was recorded. */
  settled: boolean;
}

interface FacebookVideoState {
  sessions: Map<string, UploadSession>;
  handles: Map<string, UploadSession>;
  videos: Map<string, PageVideo>;
  /** Page id → the reason the next video uploaded to it fails processing (test control). */
  failNext: Map<string, string>;
  /** Page id → how long (ms, sandbox time) the next video uploaded to it takes to process (test control). */
  processingNext: Map<string, number>;
  /** User id → the next upload request of theirs loses its connection after this many bytes (test control). */
  interruptNext: Map<string, number>;
}

export const facebookVideoState = defineSlice<FacebookVideoState>(
  "facebookVideos",
  () => ({
    sessions: new Map(),
    handles: new Map(),
    videos: new Map(),
    failNext: new Map(),
    processingNext: new Map(),
    interruptNext: new Map(),
  }),
  (state) => ({
    sessions: [...state.sessions.values()],
    videos: [...state.videos.values()],
    failNext: Object.fromEntries(state.failNext),
    processingNext: Object.fromEntries(state.processingNext),
    interruptNext: Object.fromEntries(state.interruptNext),
  }),
);
