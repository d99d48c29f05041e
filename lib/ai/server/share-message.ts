import { badRequest } from "@/lib/server/api/errors";
import { getPostOrThrow } from "@/lib/posts/server/queries";
import { SHARE_MESSAGE_MAX } from "@/lib/posts/schemas";
import { isAiOffline } from "./client";
import { answerOnce } from "./completion";
import { toAiError } from "./errors";
import { truncateAtWord } from "./fit-text";
import { templateShareMessage } from "./offline";
import { MAX_ANSWER_TOKENS, cleanAnswer, shareMessageMessages } from "./prompts";
import { publishDetails, rememberedPublishedText, type PublishKey } from "./publish-memo";
import { AI_MESSAGES, type ShareMessageResponse } from "@/lib/ai/schemas";
import { recordAiUsage, withAiRequest, type AiReservation } from "./usage";

/**
 * Share messages (the text of a reshare, ≤ 280 characters). When the model fails or none is
 * configured, a template built from the post's first sentence is used instead and flagged, so
 * sharing never depends on the AI. Refusals the user has to know about are not papered over (spec
 * §8): the plan's allowance, and the provider's rate limit or quota, answer as errors.
 */

const REPORTED = new Set(["ai_rate_limited", "ai_quota_exceeded"]);

/** The model's share message; throws an ApiError when the model fails. */
async function modelShareMessage(
  reservation: AiReservation,
  content: string,
  publishing?: PublishKey,
): Promise<string> {
  const answer = await answerOnce(shareMessageMessages(content), MAX_ANSWER_TOKENS.shareMessage, () =>
    templateShareMessage(content),
  );
  const text = truncateAtWord(cleanAnswer(answer.text), SHARE_MESSAGE_MAX);
  await recordAiUsage(reservation.workspaceId, {
    operation: "share_message",
    model: answer.model,
    tokensIn: answer.tokensIn,
    tokensOut: answer.tokensOut,
    offline: answer.offline,
    reservation,
    ...(publishing
      ? { source: "publish", details: { ...publishDetails(publishing), ...(text ? { publishedText: text } : {}) } }
      : {}),
  });
  return text;
}

/** POST /api/post/{id}/generate-share-message. */
export async function generateShareMessage(
  workspaceId: string,
  postId: string,
): Promise<Omit<ShareMessageResponse, "success">> {
  const post = await getPostOrThrow(workspaceId, postId);
  if (!post.content.trim()) throw badRequest(AI_MESSAGES.shareNeedsContent, "post_content_required");
  const fallback = {
    shareMessage: templateShareMessage(post.content),
    usedFallback: true,
    warning: AI_MESSAGES.shareFallback,
  };
  // A template used because the model failed costs nothing; the offline writer's counts as a request.
  return withAiRequest(workspaceId, "share_message", async (reservation) => {
    if (isAiOffline()) {
      await recordAiUsage(workspaceId, {
        operation: "share_message",
        model: "offline-writer",
        tokensIn: 0,
        tokensOut: 0,
        offline: true,
        reservation,
      });
      return fallback;
    }
    try {
      const shareMessage = await modelShareMessage(reservation, post.content);
      return shareMessage ? { shareMessage, usedFallback: false } : fallback;
    } catch (error) {
      const failure = toAiError(error);
      if (REPORTED.has(failure.code)) throw failure;
      console.warn(`[ai] share message for post ${postId} fell back to the template: ${failure.code}`);
      return fallback;
    }
  });
}

/**
 * For the publishing worker: the AI share message for one share target, or null when there is none
 * to be had (offline, allowance used up, the model failing). A retry sends what the first attempt
 * sent (see publish-memo.ts). Never throws.
 */
export async function shareMessageForPublishing(
  post: PublishKey & { workspaceId: string; content: string },
  options: { retryOfUncertain: boolean },
): Promise<string | null> {
  if (!post.content.trim()) return null;
  try {
    const remembered = await rememberedPublishedText(post.workspaceId, "share_message", post);
    if (remembered) return remembered;
    if (isAiOffline() || options.retryOfUncertain) return null;
    return await withAiRequest(
      post.workspaceId,
      "share_message",
      async (reservation) => (await modelShareMessage(reservation, post.content, publishDetails(post))) || null,
    );
  } catch (error) {
    console.warn(`[ai] share message while publishing fell back: ${toAiError(error).code}`);
    return null;
  }
}
