import { badRequest } from "@/lib/server/api/errors";
import { getPostOrThrow } from "@/lib/posts/server/queries";
import { isAiOffline } from "./client";
import { answerOnce, OFFLINE_MODEL, type AiAnswer } from "./completion";
import { toAiError } from "./errors";
import {
  fitsOnTwitter,
  numberThread,
  shortenForTwitter,
  splitIntoThread,
  validThread,
  twitterWeightedLength,
} from "./fit-text";
import {
  MAX_ANSWER_TOKENS,
  answerTokensFor,
  cleanAnswer,
  parseThread,
  twitterSummaryMessages,
  twitterThreadMessages,
  type PromptMessage,
} from "./prompts";
import { publishDetails, rememberPublishedText, rememberedPublishedText, type PublishKey } from "./publish-memo";
import { AI_MESSAGES, type TwitterSummaryResponse } from "@/lib/ai/schemas";
import { recordAiUsage, withAiRequest, type AiReservation } from "./usage";

/**
 * Fitting a post to X. The model summarises (one tweet) or splits (a numbered thread); its answer
 * is checked with twitter-text, as X checks it. A summary that does not fit gets one more try
 * with the measured length, then the deterministic shortener; a thread with any invalid tweet is
 * re-split deterministically. What comes back is always valid on X.
 */

export type XSummaryMode = "summary" | "thread";
export type XSummary = Omit<TwitterSummaryResponse, "success">;

/** Set when summarising for a post being published: the calls are recorded against it. */
interface Publishing extends PublishKey {
  /** Filled with the id of the last usage record, so the chosen text can be remembered on it. */
  lastUsageId?: string;
}

/** One model call. The first fills in the reservation; a second try is a request of its own. */
async function ask(
  reservation: AiReservation,
  messages: PromptMessage[],
  maxTokens: number,
  publishing?: Publishing,
): Promise<AiAnswer> {
  const answer = await answerOnce(messages, maxTokens, () => "");
  const usageId = await recordAiUsage(reservation.workspaceId, {
    reservation,
    operation: "summarize_twitter",
    model: answer.model,
    tokensIn: answer.tokensIn,
    tokensOut: answer.tokensOut,
    offline: false,
    ...(publishing ? { source: "publish", details: publishDetails(publishing) } : {}),
  });
  if (publishing) publishing.lastUsageId = usageId;
  return answer;
}

export async function summarizeTextForTwitter(
  workspaceId: string,
  text: string,
  mode: XSummaryMode,
  publishing?: Publishing,
): Promise<XSummary> {
  const content = text.trim();
  if (fitsOnTwitter(content)) return { mode: "fits", tweets: [content], offline: isAiOffline() };
  return withAiRequest(workspaceId, "summarize_twitter", async (reservation) => {
    if (isAiOffline()) {
      await recordAiUsage(workspaceId, {
        operation: "summarize_twitter",
        model: OFFLINE_MODEL,
        tokensIn: 0,
        tokensOut: 0,
        offline: true,
        reservation,
      });
      return {
        mode,
        tweets: mode === "thread" ? splitIntoThread(content) : [shortenForTwitter(content)],
        offline: true,
      };
    }
    if (mode === "thread") {
      const answer = await ask(reservation, twitterThreadMessages(content), answerTokensFor(content), publishing);
      const pieces = parseThread(answer.text);
      const numbered = numberThread(pieces);
      return {
        mode,
        tweets: validThread(numbered) ? numbered : splitIntoThread(pieces.join(" ") || content),
        offline: false,
      };
    }
    let tweet = cleanAnswer(
      (await ask(reservation, twitterSummaryMessages(content), MAX_ANSWER_TOKENS.summary, publishing)).text,
    );
    if (!fitsOnTwitter(tweet) && tweet) {
      const retry = twitterSummaryMessages(content, { text: tweet, weightedLength: twitterWeightedLength(tweet) });
      tweet = cleanAnswer((await ask(reservation, retry, MAX_ANSWER_TOKENS.summary, publishing)).text);
    }
    return { mode, tweets: [fitsOnTwitter(tweet) ? tweet : shortenForTwitter(tweet || content)], offline: false };
  });
}

/** POST /api/post/{id}/summarize-twitter: a suggestion; the post itself is not changed. */
export async function summarizePostForTwitter(
  workspaceId: string,
  postId: string,
  mode: XSummaryMode,
): Promise<XSummary> {
  const post = await getPostOrThrow(workspaceId, postId);
  if (!post.content.trim()) throw badRequest(AI_MESSAGES.summaryNeedsContent, "post_content_required");
  return summarizeTextForTwitter(workspaceId, post.content, mode);
}

/**
 * For the publishing worker: one tweet that X accepts, from the model when it can, else from the
 * deterministic shortener. Never throws, so a failing AI never fails a publish. A retry after an
 * uncertain outcome sends what the first attempt sent (see publish-memo.ts).
 */
export async function fitForTwitterWhilePublishing(
  post: PublishKey & { workspaceId: string; content: string },
  options: { retryOfUncertain: boolean },
): Promise<string> {
  if (fitsOnTwitter(post.content)) return post.content;
  try {
    const remembered = await rememberedPublishedText(post.workspaceId, "summarize_twitter", post);
    if (remembered && fitsOnTwitter(remembered)) return remembered;
    if (isAiOffline() || options.retryOfUncertain) return shortenForTwitter(post.content);
    const publishing: Publishing = {
      postId: post.postId,
      scheduleVersion: post.scheduleVersion,
      targetId: post.targetId,
    };
    const tweet = (await summarizeTextForTwitter(post.workspaceId, post.content, "summary", publishing)).tweets[0];
    if (tweet && fitsOnTwitter(tweet)) {
      if (publishing.lastUsageId) await rememberPublishedText(publishing.lastUsageId, tweet);
      return tweet;
    }
  } catch (error) {
    console.warn(`[ai] X summary while publishing fell back to the shortener: ${toAiError(error).code}`);
  }
  return shortenForTwitter(post.content);
}
