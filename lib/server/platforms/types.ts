import type { ConnectablePlatform } from "@/lib/social/schemas";

/** One interface for every network; publish and metrics are added by the publishing and analytics work. */

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
  followerCount: number;
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
}
