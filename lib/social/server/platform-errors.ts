import { ApiError } from "@/lib/server/api/errors";
import { isPlatformError } from "@/lib/networks/server";
import { platformLabels, type SocialPlatform } from "@/lib/social/schemas";

/** What a user is told when a platform call made on their behalf fails (the one mapping). */
export function toApiError(error: unknown, platform: SocialPlatform): unknown {
  if (!isPlatformError(error)) return error;
  const label = platformLabels[platform];
  switch (error.kind) {
    case "expired_token":
      return new ApiError(
        409,
        "reconnect_required",
        `Your ${label} authorization has expired or was revoked. Please reconnect your account.`,
      );
    case "rate_limited":
      return new ApiError(
        429,
        "platform_rate_limited",
        `${label} rate limit reached. Please try again in a few minutes.`,
      );
    case "permission":
      // Declined at the consent dialog: the message already says what to grant and how.
      if (error.details.code === "permissions_declined")
        return new ApiError(403, "permissions_declined", error.message);
      return new ApiError(403, "platform_permission", `${label} refused the request: ${error.message}`);
    case "transient":
      return new ApiError(
        502,
        "platform_unavailable",
        `${label} is not answering right now. Please try again in a moment.`,
      );
    default:
      return new ApiError(400, "platform_refused", `${label} refused the request: ${error.message}`);
  }
}

/** Runs a platform call and rethrows its failure as the user-facing error. */
export async function onPlatform<T>(platform: SocialPlatform, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toApiError(error, platform);
  }
}
