"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { DEFAULT_CHAT_TITLE, TEMPORARY_CHAT_PREFIX } from "@/lib/ai/constants";
import type { ChatRequest } from "@/lib/ai/schemas";
import { aiErrorMessage, streamChat } from "@/lib/client/requests/ai";
import { aiKeys } from "./ai";

/**
 * The assistant's conversations in this tab: threads seeded from the history, a reply streamed into
 * its thread token by token, a temporary id swapped for the server's once the chat exists.
 */

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
