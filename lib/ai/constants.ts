/**
 * The AI API's limits, error codes and messages: plain values, no zod, so the editor's assistant
 * panel and the chat do not ship the validation library in their first load.
 * Re-exported by lib/ai/schemas.ts.
 */

export const CHAT_MESSAGE_MAX = 2000;
export const ENHANCE_PROMPT_MAX = 1000;
export const DEFAULT_CHAT_TITLE = "New Chat";
/** Ids the client gives a chat before the server has answered; never sent as a real chat id. */
export const TEMPORARY_CHAT_PREFIX = "temp-";

export const AI_MESSAGES = {
  chatTooLong: "Your message is too long. Please keep it under 2000 characters.",
  emptyMessage: "Please type a message.",
  answerRequired: "Please answer this question before continuing.",
  rateLimited: "The AI assistant is getting a lot of requests right now. Please wait a moment and try again.",
  quotaExceeded: "AI usage quota exceeded. Please upgrade your plan.",
  contextTooLong:
    "That is too much text for the AI to read at once. Please shorten your message or post and try again.",
  timeout: "The AI took too long to answer. Please try again.",
  network: "The AI service cannot be reached right now. Please check your connection and try again.",
  generic: "Sorry, I encountered an error. Please try again.",
  enhanceNeedsContent: "Save the post with some text before enhancing it.",
  shareNeedsContent: "Save the post with some text before generating a share message.",
  summaryNeedsContent: "Save the post with some text before summarising it for X.",
  shareFallback: "AI generation is unavailable, so a template message was used.",
  postNotFound: "Post not found. It may have been deleted.",
  chatNotFound: "Chat not found. It may have been deleted.",
} as const;

/** The codes an AI failure answers with (`{ success: false, error, code }`); the UI keys off them. */
export const aiErrorCodes = [
  "ai_rate_limited", // 429
  "ai_quota_exceeded", // 402: the provider's quota, or this user's plan allowance of AI requests
  "ai_context_too_long", // 413
  "ai_timeout", // 504
  "ai_unavailable", // 502: network or the provider's 5xx
  "ai_error", // 502: anything else the provider said
] as const;
export type AiErrorCode = (typeof aiErrorCodes)[number];

/** What the user reads for each code, on the server's answers and in the browser alike. */
export const AI_ERROR_MESSAGES: Record<AiErrorCode, string> = {
  ai_rate_limited: AI_MESSAGES.rateLimited,
  ai_quota_exceeded: AI_MESSAGES.quotaExceeded,
  ai_context_too_long: AI_MESSAGES.contextTooLong,
  ai_timeout: AI_MESSAGES.timeout,
  ai_unavailable: AI_MESSAGES.network,
  ai_error: AI_MESSAGES.generic,
};
