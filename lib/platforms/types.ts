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

export interface PublishInput {
  /** The account's token (X, LinkedIn) — Facebook publishes with the page token. */
  accessToken: string;
  /** The page (Facebook) or profile (X, LinkedIn) id the post goes to. */
  pageId: string;
  pageAccessToken: string | null;
  /** The account's handle, for building post URLs (X). */
  handle: string | null;
  text: string;
}

export interface PublishedPost {
  platformPostId: string;
  url: string;
}

export interface SocialPlatformModule {
  id: ConnectablePlatform;
  usesPkce: boolean;
  authorizationUrl(request: AuthorizationRequest): string;
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string | null }): Promise<TokenSet>;
  getProfile(accessToken: string): Promise<PlatformProfile>;
  listPages(accessToken: string, profile: PlatformProfile): Promise<PlatformPage[]>;
  /** Re-reads one page with its own token (Facebook); a dead page token throws expired_token. */
  checkPage?(pageId: string, pageAccessToken: string): Promise<Pick<PlatformPage, "name" | "category" | "followerCount" | "profilePicture">>;
  /** Publishes a text post. Throws PlatformError with our kinds on refusal. */
  publish(input: PublishInput): Promise<PublishedPost>;
  /**
   * The post with this exact text published at or after `since`, if the platform has it: how we
   * learn, after a crash, whether a post went out before we could record it.
   */
  findRecentPost(input: PublishInput, since: Date): Promise<PublishedPost | null>;
  /** New tokens from the platform; throws PlatformError("expired_token") when only a reconnect helps. */
  refreshTokens(tokens: { accessToken: string; refreshToken: string | null }): Promise<TokenSet>;
}
