import type { PlatformErrorKind } from "@/lib/networks/server";
import { platformLabels, type SocialPlatform } from "@/lib/social/schemas";
import { PROCESSING_GIVE_UP_MS } from "./processing";

/** What the owner reads on a failed page (spec section 8, Publish). */

export const MAX_ATTEMPTS = 5;

/** `detail` is the platform module's own sentence for media it cannot take (which file, which limit). */
export function publishFailureMessage(
  kind: PlatformErrorKind | "unexpected" | "too_long" | "processing_timeout",
  platform: SocialPlatform,
  detail?: string,
): string {
  const label = platformLabels[platform];
  switch (kind) {
    case "expired_token":
      return "Social account access has expired. Please reconnect your accounts.";
    case "rate_limited":
      return `Platform rate limit reached on ${label}. Publishing will be retried when the limit resets.`;
    case "duplicate":
      return `${label} refused this post as a duplicate of one already published.`;
    case "permission":
      return `You don't have permission to publish to this ${label} page.`;
    case "transient":
      return `${label} did not answer. Publishing may take a moment; check the posts page.`;
    case "too_long":
      return `The post is too long for ${label}. Shorten it or turn on 'Summarize for X'.`;
    case "invalid_request":
      return `${label} refused the post.`;
    case "credits_depleted":
      return `The ${label} API credits of this Postloom installation are used up, so ${label} refused the post. Its operator must add credits; publish again afterwards.`;
    case "usage_capped":
      return `This Postloom installation has reached its monthly ${label} API usage cap${detail ? ` (${label}: "${detail}")` : ""}, so ${label} refused the post. Its operator can raise the cap; otherwise publish again after it resets with the next billing cycle.`;
    case "unsupported_version":
      return `${label} no longer accepts the API version this Postloom installation uses. Its operator must update it; publish again afterwards.`;
    case "processing":
      return `${label} is still processing the video. Postloom checks it again and will not send it twice.`;
    case "processing_timeout":
      return `${label} has been processing the video for over ${PROCESSING_GIVE_UP_MS / 3_600_000} hours. Check it on ${label}; publishing again looks at the same video and never uploads it twice.`;
    case "invalid_media":
      return `${detail ?? `${label} cannot publish this post's media.`} Change the post's media and publish it again.`;
    default:
      return `Publishing to ${label} failed unexpectedly.`;
  }
}

/** 5 s, 20 s, 80 s, 5 min: transient trouble gets a few patient retries. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5_000 * 4 ** Math.max(0, attempt - 1), 300_000);
}
