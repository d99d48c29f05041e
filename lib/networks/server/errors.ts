/**
 * Our error kinds for everything a platform can answer. Platform modules translate their own codes
 * (Graph's 190, X's 401/403, LinkedIn's 65600, …) into these; the rest of the app sees only these.
 */
export type PlatformErrorKind =
  /** Token expired or revoked: only a reconnect (or a refresh) helps. Definitive. */
  | "expired_token"
  /** Throttled; retry after resetAt when known. */
  | "rate_limited"
  /** The platform refused duplicate content. Definitive. */
  | "duplicate"
  /** Missing permission or role on the page. Definitive. */
  | "permission"
  /** Network trouble, timeouts, 5xx: worth retrying. */
  | "transient"
  /** The platform no longer serves the API version we call: an operator must change a setting. Definitive. */
  | "unsupported_version"
  /** The app's prepaid API credits are used up (X's 402): only the operator can add more. Definitive. */
  | "credits_depleted"
  /** A monthly usage cap of the app is reached (X's 429 usage-capped): it lifts at the next billing cycle. Definitive. */
  | "usage_capped"
  /** The request itself was refused (bad code, bad parameter). */
  | "invalid_request"
  /** The post's media do not fit the platform (count, type, size); the message says which and why. Definitive. */
  | "invalid_media"
  /**
   * The platform accepted the post (PublishInput.onAccepted was told its id) and is still
   * processing it: look again at resetAt, never send again.
   */
  | "processing";

export class PlatformError extends Error {
  constructor(
    readonly kind: PlatformErrorKind,
    message: string,
    readonly details: {
      status?: number;
      code?: string | number;
      resetAt?: Date;
      /** A duplicate refusal that names the post already there (LinkedIn's "Content is a duplicate of urn:li:share:…"). */
      existingPostId?: string;
    } = {},
  ) {
    super(message);
    this.name = "PlatformError";
  }
}

export const isPlatformError = (error: unknown): error is PlatformError => error instanceof PlatformError;
