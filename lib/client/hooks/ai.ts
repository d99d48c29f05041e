"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { http, HttpError, type HttpClient } from "@/lib/client/http";
import {
  AI_ERROR_MESSAGES,
  AI_MESSAGES,
  DEFAULT_CHAT_TITLE,
  TEMPORARY_CHAT_PREFIX,
  type AiPlatform,
  type AiStatusResponse,
  type ChatHistoryResponse,
  type ChatRequest,
  type ChatStreamEvent,
  type EnhanceResponse,
  type GeneratePostRequest,
  type GeneratePostResponse,
  type PostChatHistoryResponse,
  type ShareMessageResponse,
  type TwitterSummaryResponse,
} from "@/lib/ai/schemas";

/** The browser's calls to the AI API (spec section 7, "AI"; contract in lib/ai/schemas.ts). */

export const aiKeys = {
  all: ["ai"] as const,
  status: () => [...aiKeys.all, "status"] as const,
  history: () => [...aiKeys.all, "history"] as const,
  postChat: (postId: string) => [...aiKeys.all, "post-chat", postId] as const,
};

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

// ---- Query hooks -----------------------------------------------------------------------------

/** Whether a model answers or the offline writer (templates) does; unknown while loading or on error. */
export function useAiStatus(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: aiKeys.status(),
    queryFn: () => getAiStatus(),
    staleTime: 5 * 60_000,
    retry: false,
    enabled: options.enabled ?? true,
  });
}

/** GET /api/openai/chat/history: every chat with its messages, newest activity first. */
export function useChatHistory(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: aiKeys.history(), queryFn: () => getChatHistory(), enabled: options.enabled ?? true });
}

/** GET /api/post/{id}/chat: the editor conversation of a saved post; idle without an id. */
export function usePostChat(postId: string | null | undefined) {
  return useQuery({
    queryKey: aiKeys.postChat(postId ?? ""),
    queryFn: () => getPostChat(postId ?? ""),
    enabled: Boolean(postId),
    retry: false,
  });
}

export function useGeneratePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GeneratePostRequest) => generatePost(input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: aiKeys.history() }),
  });
}

export function useEnhancePost() {
  return useMutation({ mutationFn: (input: EnhanceInput) => enhancePost(input) });
}

export function useGenerateShareMessage() {
  return useMutation({ mutationFn: (postId: string) => generateShareMessage(postId) });
}

export function useSummarizeTwitter() {
  return useMutation({
    mutationFn: ({ postId, mode }: { postId: string; mode?: "summary" | "thread" }) => summarizeTwitter(postId, mode),
  });
}

// ---- Conversations ---------------------------------------------------------------------------

export interface UiChatMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  /** thinking: no token yet; streaming: tokens arriving; error: content is the friendly message. */
  state: "done" | "thinking" | "streaming" | "error";
}

export interface ChatThread {
  id: string;
  title: string;
  messages: UiChatMessage[];
  /** A reply is on its way. */
  busy: boolean;
  /** What the server said in its `chat` event: the offline writer answered. Null until then. */
  offline: boolean | null;
  /** Milliseconds; orders chats created in this tab. */
  createdAt: number;
}

let sequence = 0;
const localId = (prefix: string) => `${prefix}${Date.now().toString(36)}-${(sequence += 1).toString(36)}`;

export const newTemporaryChatId = () => localId(TEMPORARY_CHAT_PREFIX);
export const isTemporaryChatId = (id: string | null | undefined) => !id || id.startsWith(TEMPORARY_CHAT_PREFIX);

/** Messages as the history endpoints return them, ready to show. */
export function toUiMessages(messages: readonly { _id: string; role: "user" | "assistant"; content: string }[]) {
  return messages.map((message): UiChatMessage => ({
    id: message._id,
    role: message.role,
    content: message.content,
    state: "done",
  }));
}

export type SendExtras = Pick<ChatRequest, "context" | "postContent" | "postId">;

function emptyThread(id: string, title = DEFAULT_CHAT_TITLE): ChatThread {
  return { id, title, messages: [], busy: false, offline: null, createdAt: Date.now() };
}

/**
 * Conversations held in the browser: the widget keeps one, /chat many, the editor panel one. A
 * reply streams into its thread token by token; a thread with a temporary id is renamed to the
 * server's chat id when the first `chat` event arrives (`onChatId` tells the owner).
 */
export function useChatThreads() {
  const queryClient = useQueryClient();
  const [threads, setThreads] = useState<Record<string, ChatThread>>({});
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  /** Adds a thread unless one with that id exists (server history never overwrites local state). */
  const seed = useCallback((id: string, init: Partial<Omit<ChatThread, "id">> = {}) => {
    setThreads((all) => (all[id] ? all : { ...all, [id]: { ...emptyThread(id), ...init } }));
  }, []);

  const update = useCallback((id: string, change: (thread: ChatThread) => ChatThread) => {
    setThreads((all) => {
      const thread = all[id];
      return thread ? { ...all, [id]: change(thread) } : all;
    });
  }, []);

  const rename = useCallback((from: string, to: string) => {
    if (from === to) return;
    setThreads((all) => {
      const thread = all[from];
      if (!thread) return all;
      const { [from]: _gone, ...rest } = all;
      return { ...rest, [to]: { ...thread, id: to } };
    });
    const controller = controllers.current.get(from);
    if (controller) {
      controllers.current.delete(from);
      controllers.current.set(to, controller);
    }
  }, []);

  const send = useCallback(
    async (
      threadId: string,
      text: string,
      extras: SendExtras = {},
      options: { onChatId?: (chatId: string) => void } = {},
    ) => {
      const message = text.trim();
      if (!message || controllers.current.has(threadId)) return;
      const controller = new AbortController();
      controllers.current.set(threadId, controller);
      let currentId = threadId;
      const answerId = localId("assistant-");
      setThreads((all) => {
        const thread = all[threadId] ?? emptyThread(threadId);
        const messages: UiChatMessage[] = [
          ...thread.messages,
          { id: localId("user-"), role: "user", content: message, state: "done" },
          { id: answerId, role: "assistant", content: "", state: "thinking" },
        ];
        return { ...all, [threadId]: { ...thread, messages, busy: true } };
      });
      const patchAnswer = (patch: (answer: UiChatMessage) => UiChatMessage) =>
        update(currentId, (thread) => ({
          ...thread,
          messages: thread.messages.map((item) => (item.id === answerId ? patch(item) : item)),
        }));

      try {
        const result = await streamChat(
          { message, chatId: isTemporaryChatId(threadId) ? null : threadId, ...extras },
          {
            signal: controller.signal,
            onEvent: (event) => {
              if (event.type === "chat") {
                update(currentId, (thread) => ({ ...thread, offline: event.offline }));
                if (event.chatId && event.chatId !== currentId) {
                  rename(currentId, event.chatId);
                  currentId = event.chatId;
                  options.onChatId?.(event.chatId);
                }
              } else if (event.type === "token") {
                patchAnswer((answer) => ({ ...answer, content: answer.content + event.text, state: "streaming" }));
              }
            },
          },
        );
        patchAnswer((answer) => ({
          ...answer,
          id: result.messageId || answer.id,
          content: result.reply,
          state: "done",
        }));
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") {
          // Stopped by the user: keep what arrived; nothing at all means nothing to show.
          update(currentId, (thread) => ({
            ...thread,
            messages: thread.messages.flatMap((item) =>
              item.id !== answerId ? [item] : item.content ? [{ ...item, state: "done" as const }] : [],
            ),
          }));
        } else {
          patchAnswer((answer) => ({ ...answer, content: aiErrorMessage(error), state: "error" }));
        }
      } finally {
        controllers.current.delete(currentId);
        update(currentId, (thread) => ({ ...thread, busy: false }));
        void queryClient.invalidateQueries({ queryKey: aiKeys.history() });
        if (extras.postId) void queryClient.invalidateQueries({ queryKey: aiKeys.postChat(extras.postId) });
      }
    },
    [queryClient, rename, update],
  );

  /** Stops the reply streaming into a thread. */
  const cancel = useCallback((threadId: string) => controllers.current.get(threadId)?.abort(), []);

  return { threads, seed, update, send, cancel };
}
