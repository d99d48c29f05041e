import { defineSlice, type SandboxStore } from "./state";

/**
 * What the sandbox's platforms were asked to publish, and the trouble tests asked for. Every
 * platform records its posts here (not in its own slice) so one control call can count them all,
 * and one set of faults and one latency setting covers Facebook, X and LinkedIn alike.
 */

export type PublishPlatform = "facebook" | "twitter" | "linkedin";
export const PUBLISH_PLATFORMS: PublishPlatform[] = ["facebook", "twitter", "linkedin"];

export type FaultKind = "rate_limit" | "server_error" | "timeout" | "duplicate" | "expired_token";
export const FAULT_KINDS: FaultKind[] = ["rate_limit", "server_error", "timeout", "duplicate", "expired_token"];

/**
 * Which calls a fault hits: creating a post, uploading media, reading posts back (recovery
 * lookups), or reading their engagement (the metrics sync, sandbox/metrics.ts).
 */
export type PublishOperation = "post" | "media" | "lookup" | "metrics";
export const PUBLISH_OPERATIONS: PublishOperation[] = ["post", "media", "lookup", "metrics"];

export interface PublishFault {
  id: number;
  platform: PublishPlatform;
  kind: FaultKind;
  /** Calls still to hit; -1 = until cleared. */
  remaining: number;
  resetAfterSeconds: number;
  delayMs: number | null;
  /** Record the post first, then answer with the fault (the platform took it; the answer was lost). */
  afterAccept: boolean;
  /** Close the connection instead of answering (after `delayMs`, if set). */
  drop: boolean;
  /** Only calls for this Page / user id / member sub; null = any. */
  target: string | null;
  operations: PublishOperation[];
}

export interface PublishedPost {
  platform: PublishPlatform;
  /** Facebook Page id, X user id, LinkedIn member sub. */
  target: string;
  id: string;
  text: string;
  mediaIds: string[];
  link: string | null;
  replyTo: string | null;
  /** false: a Facebook post made with published=false (not on the feed). */
  published: boolean;
  createdAt: string;
  createdAtMs: number;
  /** Deleted on the platform (POST /_control/publish/posts/delete): metrics reads answer "not found". */
  deletedAtMs?: number;
}

export interface UploadedMedia {
  platform: PublishPlatform;
  owner: string;
  id: string;
  bytes: number;
  contentType: string | null;
  /** LinkedIn, and X's chunked uploads: false until the bytes were all sent (and finalized). */
  uploaded: boolean;
  /** Where the bytes go (LinkedIn's uploadUrl key); null when they came with the request. */
  uploadKey: string | null;
  /** image, gif or video; absent for uploads that do not say (treated as images). */
  kind?: MediaKind;
  /** Chunked uploads: the size announced at INIT / initializeUpload. */
  expectedBytes?: number;
  /** Chunked uploads: bytes received per segment (X) or part (LinkedIn), by index. */
  parts?: Record<number, number>;
  /** X video/GIF processing: usable in a post from this sandbox time on; absent = at once. */
  readyAt?: number;
  createdAt: string;
}

export type MediaKind = "image" | "gif" | "video";

/** One publishing call as the platform received it (GET /_control/publish/calls): how tests count calls per second. */
export interface PublishCallRecord {
  platform: PublishPlatform;
  operation: PublishOperation;
  target: string;
  /** Sandbox time the request arrived, in ms. */
  atMs: number;
  /** The answer's status; null while it is pending (or when the client hung up first). */
  status: number | null;
  /** The request's query string, when it had one (what a lookup asked for). */
  query?: string;
  /** The Graph batch request it came in (numbered per sandbox), when it came in one. */
  batch?: number;
}

interface PublishState {
  posts: PublishedPost[];
  /** The same posts by platform and target, oldest first. */
  postsByTarget: Map<string, PublishedPost[]>;
  /** And by platform, target and text, oldest first: a publish's duplicate check reads one list. */
  postsByText: Map<string, PublishedPost[]>;
  /** And by platform and id: a metrics read finds its post without scanning every post. */
  postsById: Map<string, PublishedPost>;
  media: UploadedMedia[];
  calls: PublishCallRecord[];
  faults: PublishFault[];
  latencyMs: number;
  /** Latency for one target (Page id / X user id / LinkedIn sub), overriding `latencyMs`. */
  targetLatencyMs: Record<string, number>;
  sequence: number;
  nextFaultId: number;
}

export const publishState = defineSlice<PublishState>(
  "publish",
  () => ({
    posts: [],
    postsByTarget: new Map(),
    postsByText: new Map(),
    postsById: new Map(),
    media: [],
    calls: [],
    faults: [],
    latencyMs: 0,
    targetLatencyMs: {},
    sequence: 0,
    nextFaultId: 1,
  }),
  (state) => ({
    latencyMs: state.latencyMs,
    targetLatencyMs: state.targetLatencyMs,
    faults: state.faults,
    postCounts: Object.fromEntries(
      PUBLISH_PLATFORMS.map((platform) => [platform, state.posts.filter((post) => post.platform === platform).length]),
    ),
    posts: state.posts.map(({ createdAtMs: _ms, ...post }) => post),
    media: state.media.map(({ uploadKey: _key, ...media }) => media),
    callCount: state.calls.length,
  }),
);

/** Twitter's epoch: ids look like (and sort like) snowflakes, and survive a reset without clashing. */
const SNOWFLAKE_EPOCH = 1288834974657n;

/** A 19-digit time-ordered id (X tweets, LinkedIn shares, media). */
export function snowflake(store: SandboxStore): string {
  const state = store.slice(publishState);
  state.sequence += 1;
  return (((BigInt(store.now()) - SNOWFLAKE_EPOCH) << 22n) + BigInt(state.sequence % 4_194_304)).toString();
}

/** A 16-digit time-ordered id (Facebook post and photo ids). */
export function graphObjectId(store: SandboxStore): string {
  const state = store.slice(publishState);
  state.sequence += 1;
  return (BigInt(store.now()) * 1000n + BigInt(state.sequence % 1000)).toString();
}

export function recordPost(
  store: SandboxStore,
  post: Omit<PublishedPost, "createdAt" | "createdAtMs" | "mediaIds" | "link" | "replyTo" | "published"> &
    Partial<Pick<PublishedPost, "mediaIds" | "link" | "replyTo" | "published">>,
): PublishedPost {
  const now = store.now();
  const recorded: PublishedPost = {
    mediaIds: [],
    link: null,
    replyTo: null,
    published: true,
    ...post,
    createdAt: new Date(now).toISOString(),
    createdAtMs: now,
  };
  const state = store.slice(publishState);
  state.posts.push(recorded);
  appendTo(state.postsByTarget, targetKey(recorded.platform, recorded.target), recorded);
  appendTo(state.postsByText, textKey(recorded.platform, recorded.target, recorded.text), recorded);
  // The first post under an id is the one a scan found first.
  const idKey = targetKey(recorded.platform, recorded.id);
  if (!state.postsById.has(idKey)) state.postsById.set(idKey, recorded);
  return recorded;
}

export function recordMedia(store: SandboxStore, media: Omit<UploadedMedia, "createdAt">): UploadedMedia {
  const recorded = { ...media, createdAt: new Date(store.now()).toISOString() };
  store.slice(publishState).media.push(recorded);
  return recorded;
}

export function findMedia(store: SandboxStore, platform: PublishPlatform, id: string): UploadedMedia | undefined {
  return store.slice(publishState).media.find((media) => media.platform === platform && media.id === id);
}

/** Calls kept for GET /_control/publish/calls; the oldest go first past this many. */
const MAX_CALL_RECORDS = 50_000;

export function recordCall(
  store: SandboxStore,
  call: { platform: PublishPlatform; operation: PublishOperation; target: string; query?: string; batch?: number },
): PublishCallRecord {
  const calls = store.slice(publishState).calls;
  const record: PublishCallRecord = { ...call, atMs: store.now(), status: null };
  calls.push(record);
  if (calls.length > MAX_CALL_RECORDS) calls.splice(0, calls.length - MAX_CALL_RECORDS);
  return record;
}

/** The media an upload URL (LinkedIn's) is for. */
export function findUpload(store: SandboxStore, uploadKey: string): UploadedMedia | undefined {
  return store.slice(publishState).media.find((media) => media.uploadKey !== null && media.uploadKey === uploadKey);
}

const targetKey = (platform: PublishPlatform, target: string) => `${platform} ${target}`;
const textKey = (platform: PublishPlatform, target: string, text: string) => `${platform} ${target}\n${text}`;

function appendTo(index: Map<string, PublishedPost[]>, key: string, post: PublishedPost): void {
  const list = index.get(key);
  if (list) list.push(post);
  else index.set(key, [post]);
}

/** A target's posts (or a platform's, without a target), newest first. */
export function postsOf(store: SandboxStore, platform: PublishPlatform, target?: string): PublishedPost[] {
  const state = store.slice(publishState);
  if (target !== undefined) return [...(state.postsByTarget.get(targetKey(platform, target)) ?? [])].reverse();
  return state.posts.filter((post) => post.platform === platform).reverse();
}

export function findPost(store: SandboxStore, platform: PublishPlatform, id: string): PublishedPost | undefined {
  return store.slice(publishState).postsById.get(targetKey(platform, id));
}

/** How far back the platforms look for the same text from the same author. */
const DUPLICATE_WINDOW_MS = 24 * 3600 * 1000;

export function findDuplicate(
  store: SandboxStore,
  platform: PublishPlatform,
  target: string,
  text: string,
): PublishedPost | undefined {
  if (text.trim() === "") return undefined;
  const since = store.now() - DUPLICATE_WINDOW_MS;
  // Newest first, as postsOf() orders them: the same text on the same target, nothing else read.
  const posts = store.slice(publishState).postsByText.get(textKey(platform, target, text)) ?? [];
  for (let index = posts.length - 1; index >= 0; index -= 1) {
    const post = posts[index]!;
    if (post.published && post.createdAtMs > since) return post;
  }
  return undefined;
}

/**
 * The first fault for this call that fires at this moment (before or after the post is accepted),
 * used up by one. A fault with a target only hits calls for that target.
 */
export function takeFault(
  store: SandboxStore,
  call: { platform: PublishPlatform; operation: PublishOperation; target: string },
  afterAccept: boolean,
): PublishFault | undefined {
  const state = store.slice(publishState);
  const fault = state.faults.find(
    (candidate) =>
      candidate.platform === call.platform &&
      candidate.afterAccept === afterAccept &&
      candidate.operations.includes(call.operation) &&
      (candidate.target === null || candidate.target === call.target),
  );
  if (!fault) return undefined;
  if (fault.remaining > 0) {
    fault.remaining -= 1;
    if (fault.remaining === 0) state.faults.splice(state.faults.indexOf(fault), 1);
  }
  return fault;
}
