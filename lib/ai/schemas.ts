import { z } from "zod";
import { connectablePlatforms } from "@/lib/networks/platforms";
import { POST_CONTENT_MAX } from "@/lib/posts/constants";
import {
  AI_MESSAGES,
  CHAT_MESSAGE_MAX,
  ENHANCE_PROMPT_MAX,
  TEMPORARY_CHAT_PREFIX,
  type AiErrorCode,
} from "./constants";

/**
 * Client-safe contract of the AI API (spec sections 2, 3, 5, 7, 8, 9). The widget, /chat, the
 * editor's assistant panel and the generator validate with these before they call the server, and
 * the route handlers parse with the same schemas.
 */

export {
  CHAT_MESSAGE_MAX,
  ENHANCE_PROMPT_MAX,
  DEFAULT_CHAT_TITLE,
  TEMPORARY_CHAT_PREFIX,
  AI_MESSAGES,
  aiErrorCodes,
  AI_ERROR_MESSAGES,
} from "./constants";
export type { AiErrorCode } from "./constants";

// ---------------------------------------------------------------------------------------------
// Chat

export const chatContexts = ["general", "post_enhancement", "content_creation"] as const;
export type ChatContextName = (typeof chatContexts)[number];

export const chatMessageSchema = z
  .string({ error: AI_MESSAGES.emptyMessage })
  .trim()
  .min(1, { error: AI_MESSAGES.emptyMessage })
  .max(CHAT_MESSAGE_MAX, { error: AI_MESSAGES.chatTooLong });

/** A chat id from the client: a temporary id (or none) means "start a new chat". */
const clientChatId = z
  .string()
  .max(64)
  .nullish()
  .transform((id) => (id && !id.startsWith(TEMPORARY_CHAT_PREFIX) ? id : null));

/**
 * POST /api/openai/chat (and the legacy POST /api/chat with message and chatId only).
 * With `stream: true` the answer is a `text/event-stream` of ChatStreamEvent; otherwise JSON
 * ChatReply. A message over 2,000 characters is refused in every context (the editor's limit
 * applies to the widget and /chat too: one rule).
 */
export const chatRequestSchema = z.object({
  message: chatMessageSchema,
  context: z
    .enum(chatContexts, { error: "context must be general, post_enhancement or content_creation" })
    .default("general"),
  postContent: z
    .string()
    .max(POST_CONTENT_MAX, { error: "Post content is too long. Maximum 10,000 characters allowed." })
    .nullish(),
  postId: z.string().max(64).nullish(),
  chatId: clientChatId,
  stream: z.boolean().default(false),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

export interface ChatReply {
  success: true;
  /** The assistant's answer; `reply` carries the same text (the spec's client reads either). */
  response: string;
  reply: string;
  chatId: string;
  /** True when the offline writer answered (no AI key configured). */
  offline: boolean;
}

/**
 * Server-sent events of a streamed chat reply, each `data: <json>\n\n`:
 * first `chat` (the server's chat id, replacing a temporary one), then `token`s, then exactly one
 * of `done` (the full reply, as stored) or `error` (friendly message and code).
 * A request refused before the model starts answering (bad input, missing chat, the plan's
 * allowance, the provider refusing: rate limit, quota, context length, timeout) gets no stream at
 * all but the ordinary JSON error `{ success: false, error, code }` with its status; check
 * `Content-Type` before reading events. After an `error` event the user's message stays stored
 * in the chat, the partial answer does not.
 */
export type ChatStreamEvent =
  | { type: "chat"; chatId: string; offline: boolean }
  | { type: "token"; text: string }
  | { type: "done"; reply: string; chatId: string; messageId: string }
  | { type: "error"; error: string; code: AiErrorCode | string };

export interface ChatMessageDto {
  _id: string;
  role: "user" | "assistant";
  content: string;
  chatId: string;
  createdAt: string;
}

export interface ChatSummaryDto {
  _id: string;
  title: string;
  context: ChatContextName;
  postId: string | null;
  createdAt: string;
  updatedAt: string;
  messages: ChatMessageDto[];
}

/** GET /api/openai/chat/history and the legacy GET /api/chat/history: newest activity first. */
export interface ChatHistoryResponse {
  success: true;
  chats: ChatSummaryDto[];
  /** The spec's User.chatHistory: chat id → messages. */
  chatHistory: Record<string, ChatMessageDto[]>;
}

/** GET /api/post/{id}/chat: the post's editor conversation, oldest first. */
export interface PostChatHistoryResponse {
  success: true;
  chatId: string | null;
  chatHistory: { _id: string; role: "user" | "assistant"; content: string; createdAt: string }[];
}

// ---------------------------------------------------------------------------------------------
// AI Post Generator (spec section 9: five questions)

export const generatorTones = ["Professional", "Casual", "Friendly", "Formal", "Humorous", "Inspiring"] as const;
export const generatorLengths = ["Short", "Medium", "Long"] as const;
export const generatorLengthLabels: Record<(typeof generatorLengths)[number], string> = {
  Short: "Short: 1-2 sentences",
  Medium: "Medium: 1 paragraph",
  Long: "Long: multiple paragraphs",
};
export const generatorCallToActions = ["Yes - Ask for comments/shares/likes", "Yes - Custom", "No"] as const;
export const generatorHashtagOptions = ["Yes - Auto-generate", "Yes - I'll provide them", "No"] as const;

const required = z.string({ error: AI_MESSAGES.answerRequired }).trim().min(1, { error: AI_MESSAGES.answerRequired });

export const generatorAnswersSchema = z.object({
  topic: required.max(500, { error: "Please keep the topic under 500 characters." }),
  tone: z.enum(generatorTones, { error: AI_MESSAGES.answerRequired }),
  length: z.enum(generatorLengths, { error: AI_MESSAGES.answerRequired }),
  callToAction: z.enum(generatorCallToActions).default("No"),
  /** The user's own call to action when callToAction is 'Yes - Custom'. */
  customCallToAction: z.string().trim().max(200).nullish(),
  hashtags: z.enum(generatorHashtagOptions).default("No"),
  /** The user's hashtags when hashtags is "Yes - I'll provide them" (with or without '#'). */
  providedHashtags: z.string().trim().max(300).nullish(),
});
export type GeneratorAnswers = z.infer<typeof generatorAnswersSchema>;

export const aiPlatforms = ["general", ...connectablePlatforms] as const;
export type AiPlatform = (typeof aiPlatforms)[number];

/** POST /api/openai/generate-post → GeneratePostResponse. */
export const generatePostSchema = z.object({
  answers: generatorAnswersSchema,
  platform: z
    .enum(aiPlatforms, { error: "platform must be general, facebook, twitter or linkedin" })
    .default("general"),
  chatId: clientChatId,
});
export type GeneratePostRequest = z.input<typeof generatePostSchema>;

export interface GeneratePostResponse {
  success: true;
  content: string;
  /** The content-creation chat the generation was recorded in. */
  chatId: string;
  offline: boolean;
}

// ---------------------------------------------------------------------------------------------
// Post operations

/** POST /api/post/{id}/enhance → EnhanceResponse. */
export const enhanceRequestSchema = z.object({
  enhancePrompt: z
    .string()
    .trim()
    .max(ENHANCE_PROMPT_MAX, { error: "Please keep the instruction under 1,000 characters." })
    .nullish(),
  platform: z.enum(aiPlatforms).nullish(),
});
export interface EnhanceResponse {
  success: true;
  originalContent: string;
  enhancedContent: string;
  offline: boolean;
}

/** POST /api/post/{id}/generate-share-message → ShareMessageResponse (≤ 280 characters). */
export interface ShareMessageResponse {
  success: true;
  shareMessage: string;
  /** True when the template message was used (offline writer, or the AI failed). */
  usedFallback: boolean;
  warning?: string;
}

/**
 * POST /api/post/{id}/summarize-twitter → TwitterSummaryResponse. `fits`: the post already fits
 * X's weighted 280; `summary`: one tweet; `thread`: numbered tweets ("1/3 …"), each valid on X.
 */
export const summarizeTwitterSchema = z.object({
  mode: z.enum(["summary", "thread"]).default("summary"),
});
export interface TwitterSummaryResponse {
  success: true;
  mode: "fits" | "summary" | "thread";
  tweets: string[];
  offline: boolean;
}

/** GET /api/openai/status: whether a model answers, or the offline writer. */
export interface AiStatusResponse {
  success: true;
  offline: boolean;
  model: string | null;
}
