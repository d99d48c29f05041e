import { http, HttpError, type HttpClient } from "@/lib/client/http";
import { AI_ERROR_MESSAGES, AI_MESSAGES } from "@/lib/ai/constants";
import type {
  AiPlatform,
  AiStatusResponse,
  ChatHistoryResponse,
  ChatRequest,
  ChatStreamEvent,
  EnhanceResponse,
  GeneratePostRequest,
  GeneratePostResponse,
  PostChatHistoryResponse,
  ShareMessageResponse,
  TwitterSummaryResponse,
} from "@/lib/ai/schemas";

/** The browser's calls to the AI API (spec section 7, "AI"; contract in lib/ai/schemas.ts). */

// ---- Friendly messages -----------------------------------------------------------------------

const CODE_MESSAGES: Record<string, string> = { ...AI_ERROR_MESSAGES, network_error: AI_MESSAGES.network };

const SESSION_EXPIRED = "Your session has expired. Please sign in again.";

/** What the assistant says when a call fails (spec section 8, "AI chat"). */
export function aiErrorMessage(error: unknown): string {
  if (error instanceof AiStreamError) return error.message;
  if (!(error instanceof HttpError)) return AI_MESSAGES.generic;
  const byCode = error.code ? CODE_MESSAGES[error.code] : undefined;
  if (byCode) return byCode;
  switch (error.status) {
    case 0:
      return AI_MESSAGES.network;
    case 401:
      return SESSION_EXPIRED;
    case 402:
      return AI_MESSAGES.quotaExceeded;
    case 413:
      return AI_MESSAGES.contextTooLong;
    case 429:
      return AI_MESSAGES.rateLimited;
    case 504:
      return AI_MESSAGES.timeout;
  }
  // The server's 4xx messages are sentences written for people (a too-long message, a missing post).
  if (error.status >= 400 && error.status < 500 && error.message && error.message !== "API request failed") {
    return error.message;
  }
  return AI_MESSAGES.generic;
}

/** An `error` event of a streamed reply, already in words for the user. */
export class AiStreamError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = "AiStreamError";
  }
}

// ---- Plain calls -----------------------------------------------------------------------------

const postPath = (id: string) => `/post/${encodeURIComponent(id)}`;

export function getAiStatus(client: HttpClient = http) {
  return client.get<AiStatusResponse>("/openai/status");
}

export function getChatHistory(client: HttpClient = http) {
  return client.get<ChatHistoryResponse>("/openai/chat/history");
}

export function getPostChat(postId: string, client: HttpClient = http) {
  return client.get<PostChatHistoryResponse>(`${postPath(postId)}/chat`);
}

export function generatePost(input: GeneratePostRequest, client: HttpClient = http) {
  return client.post<GeneratePostResponse>("/openai/generate-post", input);
}

export interface EnhanceInput {
  postId: string;
  enhancePrompt?: string | null;
  platform?: AiPlatform | null;
}

export function enhancePost({ postId, ...body }: EnhanceInput, client: HttpClient = http) {
  return client.post<EnhanceResponse>(`${postPath(postId)}/enhance`, body);
}

export function generateShareMessage(postId: string, client: HttpClient = http) {
  return client.post<ShareMessageResponse>(`${postPath(postId)}/generate-share-message`, {});
}

export function summarizeTwitter(postId: string, mode: "summary" | "thread" = "summary", client: HttpClient = http) {
  return client.post<TwitterSummaryResponse>(`${postPath(postId)}/summarize-twitter`, { mode });
}

/** Turns whatever the chat endpoint sent (an event, or a plain JSON answer) into stream events. */
function toChatEvents(value: unknown): ChatStreamEvent[] {
  if (!value || typeof value !== "object") return [];
  const body = value as Record<string, unknown>;
  if (typeof body.type === "string") return [body as unknown as ChatStreamEvent];
  if (body.success === false) {
    return [
      { type: "error", error: typeof body.error === "string" ? body.error : "", code: String(body.code ?? "ai_error") },
    ];
  }
  const reply = typeof body.response === "string" ? body.response : typeof body.reply === "string" ? body.reply : null;
  if (body.success === true && reply !== null && typeof body.chatId === "string") {
    return [
      { type: "chat", chatId: body.chatId, offline: body.offline === true },
      { type: "token", text: reply },
      { type: "done", reply, chatId: body.chatId, messageId: "" },
    ];
  }
  return [];
}

export interface StreamedReply {
  reply: string;
  chatId: string;
  messageId: string;
}

/**
 * POST /api/openai/chat with `stream: true`: hands each event to `onEvent` as it arrives and
 * resolves with the stored reply. An `error` event rejects with an AiStreamError in friendly words;
 * aborting `signal` rejects with an AbortError.
 */
export async function streamChat(
  request: Omit<ChatRequest, "stream">,
  { signal, onEvent }: { signal?: AbortSignal; onEvent?: (event: ChatStreamEvent) => void } = {},
  client: HttpClient = http,
): Promise<StreamedReply> {
  let text = "";
  let chatId = request.chatId ?? "";
  for await (const value of client.stream<unknown>("/openai/chat", {
    method: "POST",
    json: { ...request, stream: true },
    signal,
  })) {
    for (const event of toChatEvents(value)) {
      onEvent?.(event);
      if (event.type === "chat") chatId = event.chatId;
      else if (event.type === "token") text += event.text;
      else if (event.type === "error") {
        throw new AiStreamError(CODE_MESSAGES[event.code] ?? (event.error || AI_MESSAGES.generic), event.code);
      } else if (event.type === "done") return { reply: event.reply, chatId: event.chatId, messageId: event.messageId };
    }
  }
  // The connection closed before the answer was complete.
  if (signal?.aborted) throw new DOMException("aborted", "AbortError");
  throw new AiStreamError(text ? AI_MESSAGES.network : AI_MESSAGES.generic, chatId ? "ai_unavailable" : "ai_error");
}
