import type { ConnectablePlatform } from "@/lib/networks/platforms";

/**
 * One interface for every network's server side (lib/networks/<network>/server/index.ts): connect,
 * publish, look up, refresh, revoke, read metrics. The registry is lib/networks/server/index.ts.
 */

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  scopes: string[];
}

export interface PlatformProfile {
  accountId: string;
  handle: string | null;
  name: string | null;
  email: string | null;
  profilePicture: string | null;
  followerCount: number | null;
  postCount: number | null;
}

/** Something posts are published to: a Facebook Page, or the X / LinkedIn profile itself. */
export interface PlatformPage {
  pageId: string;
  name: string;
  username: string | null;
  category: string | null;
  /** Null where the platform does not give it (a LinkedIn member's). */
  followerCount: number | null;
  permissions: string[];
  profilePicture: string | null;
  /** Facebook page token; null where the account's own token publishes. */
  accessToken: string | null;
}

export interface AuthorizationRequest {
  state: string;
  redirectUri: string;
  /** S256 challenge, for platforms that use PKCE. */
  codeChallenge: string | null;
}

/** What a request to a platform does, for rate limits: create the post, upload media, or read posts back. */
export type PlatformOperation = "post" | "media" | "lookup";

export type PublishMediaKind = "image" | "gif" | "video";

/** One file of a post, in the post's order; the bytes stay in storage until a module reads them. */
export interface PublishMedia {
  kind: PublishMediaKind;
  mimeType: string;
  /** Bytes. */
  size: number;
  width: number | null;
  height: number | null;
  /** The name the user uploaded it under: for messages, and as the multipart filename. */
  filename: string;
  altText: string | null;
  /** A fresh stream of the file's bytes from media storage, each time it is called. */
  open(): Promise<ReadableStream<Uint8Array>>;
  /** The whole file in memory (images; a video's chunks are read from `open()` instead). */
  bytes(): Promise<Uint8Array<ArrayBuffer>>;
}

export interface PublishInput {
  /** The account's token (X, LinkedIn) — Facebook publishes with the page token. */
  accessToken: string;
  /** The page (Facebook) or profile (X, LinkedIn) id the post goes to. */
  pageId: string;
  pageAccessToken: string | null;
  /** The account's handle, for building post URLs (X). */
  handle: string | null;
  text: string;
  /** The post's media in order; empty for a text post. */
  media: PublishMedia[];
  /**
   * Awaited before every request to the platform (each upload, the post, each lookup): the
   * engine's shared rate limiter and its check that this worker still holds the target. It throws
   * to stop the publish before that request is made, never after.
   */
  beforeRequest(operation: PlatformOperation): Promise<void>;
  /**
   * What an earlier attempt already had accepted as this post (a Facebook video still processing):
   * the module follows it and sends nothing again. Null (or absent) on a first attempt.
   */
  acceptedMediaId?: string | null;
  /**
   * Awaited as soon as the platform has accepted the post under an id but has not finished it
   * (a video to be processed), before any waiting: the engine records the id, so every later
   * attempt follows it instead of sending again.
   */
  onAccepted?(mediaId: string): Promise<void>;
}

export interface PublishedPost {
  platformPostId: string;
  url: string;
}

/**
 * A documented limit on calls to one account (Facebook Page, X user, LinkedIn member): at most
 * `max` of the named operations in any `windowSeconds`. The rate limiter enforces them all.
 */
export interface RateLimitRule {
  /** Stable: part of the Redis key that counts the calls. */
  name: string;
  operations: PlatformOperation[];
  max: number;
  windowSeconds: number;
}

export interface SocialPlatformModule {
  id: ConnectablePlatform;
  usesPkce: boolean;
  /** Conservative defaults from the platform's published limits (shared/platform-apis.md). */
  rateLimits: RateLimitRule[];
  authorizationUrl(request: AuthorizationRequest): string;
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string | null }): Promise<TokenSet>;
  getProfile(accessToken: string): Promise<PlatformProfile>;
  listPages(accessToken: string, profile: PlatformProfile): Promise<PlatformPage[]>;
  /** Re-reads one page with its own token (Facebook); a dead page token throws expired_token. */
  checkPage?(
    pageId: string,
    pageAccessToken: string,
  ): Promise<Pick<PlatformPage, "name" | "category" | "followerCount" | "profilePicture">>;
  /**
   * Publishes the post with its media (uploading them first). Media the platform cannot take
   * throw PlatformError("invalid_media") before anything is sent; other refusals throw our kinds.
   */
  publish(input: PublishInput): Promise<PublishedPost>;
  /**
   * The post with this exact text published at or after `since`, if the platform has it: how we
   * learn, after a crash, whether a post went out before we could record it. Media uploaded on an
   * earlier attempt are not posts, so only the post itself is looked for.
   */
  findRecentPost(input: PublishInput, since: Date): Promise<PublishedPost | null>;
  /**
   * Whether a token with these granted scopes may call findRecentPost (absent: always). Where it may
   * not, an uncertain page is decided by the platform's duplicate refusal instead (see the engine).
   */
  canFindRecentPost?(scopes: string[]): boolean;
  /** The public URL of a post by its id, where the platform's ids make one (LinkedIn's URNs). */
  postUrl?(platformPostId: string): string;
  /**
   * Ends the app's grant on the platform (account deletion): Facebook's DELETE /me/permissions, X's
   * and LinkedIn's revoke endpoints. Throws PlatformError when the platform refuses or is unreachable.
   */
  revokeTokens(tokens: { accessToken: string; refreshToken: string | null }): Promise<void>;
  /** New tokens from the platform; throws PlatformError("expired_token") when only a reconnect helps. */
  refreshTokens(tokens: { accessToken: string; refreshToken: string | null }): Promise<TokenSet>;
  /** Reading published posts' engagement (the analytics sync). */
  metrics: NetworkMetrics;
}

/**
 * Reading published posts' engagement: each network's `metrics` (lib/networks/<network>/server/
 * metrics.ts) reads its posts into one shape, `PostReading`, and throws our error kinds
 * (PlatformError from the network's error mapping). Which endpoint and which figures, with
 * sources, is in sandbox/README.md ("Metrics").
 */

/** null: the platform does not give this figure to us (not 0 views: unknown). */
export interface PostReading {
  views: number | null;
  likes: number;
  comments: number;
  shares: number;
  reach: number | null;
  raw: Record<string, unknown>;
}

export interface MetricsRequest {
  /** The account's token (X, LinkedIn); Facebook reads with the Page's token. */
  accessToken: string;
  pageAccessToken: string | null;
  /** The permissions the account was granted at connect (Facebook: insights need read_insights). */
  grantedScopes: string[];
  /** The platform's post ids, at most the network's `metrics.batch`. */
  postIds: string[];
  /**
   * The shared rate limiter, before each request, with the number of calls the platform counts it
   * as (default 1); it throws to stop before the request is made.
   */
  beforeRequest(calls?: number): Promise<void>;
}

export interface MetricsResult {
  readings: Map<string, PostReading>;
  /** Ids the platform says no longer exist (deleted there). */
  removed: string[];
}

/** How the metrics sync reads one network. */
export interface NetworkMetrics {
  /** Post ids per request: X reads 100 at once, Facebook 50 (Graph's ?ids= limit), LinkedIn one. */
  batch: number;
  /**
   * Reads count against the page's own limit, shared with publishing (Facebook): they are counted
   * in publishing's rate scope. Otherwise reads have a scope of their own.
   */
  sharesPublishingLimit: boolean;
  /** Why an account with these granted scopes cannot be read (absent or null: it can). */
  unreadable?(grantedScopes: string[]): string | null;
  /** The read limits kept per account. */
  rateRules(): RateLimitRule[];
  /** Limits on the reads of every account together (X counts GET /2/tweets per app too). */
  appRateRules?(): RateLimitRule[];
  read(request: MetricsRequest): Promise<MetricsResult>;
}
