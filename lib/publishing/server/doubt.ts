import type { PostTarget } from "@/db/schema";
import type { PlatformError, PublishMedia } from "@/lib/networks/server";
import { platformLabels, type SocialPlatform } from "@/lib/social/schemas";
import { NEEDS_CHECK } from "@/lib/posts/server/target-states";

/**
 * Deciding a page whose last attempt may have gone out, where the platform will not let us read the
 * page's posts back (LinkedIn without the restricted r_member_social). The one signal left is the
 * platform's duplicate check: sending exactly the same text again either goes out once (the first
 * never arrived) or is refused as a duplicate naming the post that did. Where that signal cannot be
 * trusted, nothing is sent and the owner is asked instead ('needs your check').
 */

/**
 * LinkedIn refuses identical commentary for about a day (its users report 24–48 h; nothing official),
 * so a copy is sent only well inside the shortest of those.
 */
export const DUPLICATE_WINDOW_MS = 20 * 3600_000;

type Sent = Pick<PostTarget, "sentText" | "sentAt">;

/**
 * Why a copy of the uncertain attempt must not be sent on a guess, or null when sending it is safe
 * (the platform would refuse it as a duplicate if the first one went out).
 */
export function repostProblem(sent: Sent, text: string, media: readonly PublishMedia[], now: Date): string | null {
  if (sent.sentAt === null || now.getTime() - sent.sentAt.getTime() > DUPLICATE_WINDOW_MS)
    return "We could not confirm whether the last attempt went out, and it is too long ago to send it again safely.";
  if (sent.sentText !== text)
    return "We could not confirm whether the last attempt went out, and the post was edited since, so sending it again could publish it twice.";
  // Reports of LinkedIn's duplicate check are of text and link posts; with fresh uploads a copy may pass it.
  if (media.length > 0)
    return "We could not confirm whether the last attempt went out, and a post with media could be published twice if sent again.";
  return null;
}

/** What the copy's refusal tells: the post that went out, or why it cannot be decided. */
export function duplicateVerdict(error: PlatformError): { existingPostId: string } | { problem: string } {
  if (error.kind === "duplicate" && error.details.existingPostId)
    return { existingPostId: error.details.existingPostId };
  if (error.kind === "duplicate")
    return {
      problem: "The platform says this post is already there, but not which post, so we could not confirm it.",
    };
  if (error.kind === "transient" || error.kind === "rate_limited")
    return { problem: "The platform did not answer after several tries, so we could not confirm whether it went out." };
  return { problem: "We could not confirm whether the last attempt went out, and sending it again was refused." };
}

/** The values of a page the owner must decide; `problem` says why, the rest what to do. */
export function needsCheckValues(problem: string, platform: SocialPlatform) {
  return {
    status: NEEDS_CHECK,
    errorCode: NEEDS_CHECK,
    errorMessage: `${problem} Look at your ${platformLabels[platform]} profile: choose 'It went out' if the post is there, or 'Publish again'.`,
    nextAttemptAt: null,
  };
}
