"use client";

import { Bot } from "lucide-react";
import { useRef, useState } from "react";
import { errorMessage } from "@/lib/client/http";
import { DEFAULT_CHAT_TITLE } from "@/lib/ai/constants";
import type { ChatSummaryDto } from "@/lib/ai/schemas";
import {
  isTemporaryChatId,
  newTemporaryChatId,
  toUiMessages,
  useChatThreads,
  type UiChatMessage,
} from "@/lib/client/hooks/use-chat-threads";
import { useAiStatus, useChatHistory } from "@/lib/client/hooks/ai";
import { ChatComposer } from "./chat-composer";
import { ChatList, type ChatListItem } from "./chat-list";
import { ChatMessageList } from "./chat-message-list";
import { OfflineNotice } from "./offline-notice";

const preview = (messages: readonly Pick<UiChatMessage, "content">[]) =>
  messages.findLast((message) => message.content.trim())?.content.replace(/\s+/g, " ") ?? "";

/**
 * /chat: the user's chats on the left (from GET /api/openai/chat/history, plus the ones started in
 * this tab), the selected conversation on the right. `?chatId=` opens a chat (the widget's 'Open
 * full chat'). A chat started here is temporary ('New Chat', a `temp-` id) until the server's
 * first `chat` event names it.
 */
export function ChatScreen({ requestedId }: { requestedId: string | null }) {
  const history = useChatHistory();
  const status = useAiStatus();
  const chat = useChatThreads();
  const [selectedId, setSelectedId] = useState<string | null>(requestedId);
  const input = useRef<HTMLTextAreaElement>(null);

  const serverChats = history.data?.chats ?? [];
  const serverById = new Map<string, ChatSummaryDto>(serverChats.map((item) => [item._id, item]));
  const startedHere = Object.values(chat.threads)
    .filter((thread) => !serverById.has(thread.id))
    .sort((a, b) => b.createdAt - a.createdAt);
  const items: ChatListItem[] = [
    ...startedHere.map((thread) => ({ id: thread.id, title: thread.title, preview: preview(thread.messages) })),
    ...serverChats.map((item) => ({
      id: item._id,
      title: item.title || DEFAULT_CHAT_TITLE,
      preview: preview(chat.threads[item._id]?.messages ?? item.messages),
    })),
  ];
  // Until the user picks one, the newest chat is open.
  const activeId =
    selectedId && items.some((item) => item.id === selectedId)
      ? selectedId
      : history.isPending && selectedId
        ? null
        : (items[0]?.id ?? null);
  const activeThread = activeId ? chat.threads[activeId] : undefined;
  const activeServer = activeId ? serverById.get(activeId) : undefined;
  const messages = activeThread?.messages ?? toUiMessages(activeServer?.messages ?? []);
  const busy = activeThread?.busy ?? false;
  const offline = activeThread?.offline ?? status.data?.offline ?? false;
  const title = activeServer?.title || activeThread?.title || DEFAULT_CHAT_TITLE;

  function select(id: string) {
    setSelectedId(id);
    input.current?.focus();
  }

  function newChat() {
    // One empty 'New Chat' is enough: reuse it rather than stacking blank ones.
    const blank = Object.values(chat.threads).find(
      (thread) => isTemporaryChatId(thread.id) && thread.messages.length === 0,
    );
    const id = blank?.id ?? newTemporaryChatId();
    if (!blank) chat.seed(id);
    select(id);
  }

  function send(text: string) {
    let id = activeId;
    if (!id) {
      id = newTemporaryChatId();
      chat.seed(id);
    } else if (activeServer) {
      // The conversation so far, so the new exchange is added after it.
      chat.seed(id, { title: activeServer.title, messages: toUiMessages(activeServer.messages) });
    }
    const startedAs = id;
    setSelectedId(id);
    void chat.send(
      id,
      text,
      { context: activeServer?.context ?? "general", postId: activeServer?.postId ?? null },
      { onChatId: (serverId) => setSelectedId((current) => (current === startedAs ? serverId : current)) },
    );
  }

  return (
    <div className="bg-card grid h-[calc(100dvh-12rem)] min-h-[32rem] grid-rows-[auto_minmax(0,1fr)] overflow-hidden rounded-xl border shadow-sm md:grid-cols-[17rem_minmax(0,1fr)] md:grid-rows-1">
      <ChatList
        items={items}
        activeId={activeId}
        onSelect={select}
        onNewChat={newChat}
        loading={history.isPending}
        error={history.isError ? errorMessage(history.error, "Failed to load chats") : null}
        onRetry={() => void history.refetch()}
        className="max-h-52 border-b md:max-h-none md:border-r md:border-b-0"
      />
      <section aria-labelledby="chat-panel-title" className="flex min-h-0 flex-col">
        <header className="flex items-center gap-3 border-b px-4 py-3">
          <span className="bg-primary/15 text-primary flex size-9 items-center justify-center rounded-full" aria-hidden>
            <Bot className="size-5" />
          </span>
          <div className="min-w-0">
            <h1 id="chat-panel-title" className="text-lg leading-tight font-semibold">
              AI Chatbot
            </h1>
            <p className="text-muted-foreground truncate text-xs">
              {activeId ? title : "Ask anything about your content"}
            </p>
          </div>
        </header>
        {offline && <OfflineNotice />}
        <ChatMessageList
          messages={messages}
          empty={
            <div className="text-muted-foreground flex h-full flex-col items-center justify-center gap-3 p-6 text-center">
              <Bot className="size-10 opacity-60" aria-hidden />
              <p>Start a conversation with the AI assistant...</p>
            </div>
          }
        />
        <ChatComposer
          inputRef={input}
          label="Message the AI Chatbot"
          placeholder="Type your message..."
          onSend={send}
          busy={busy}
          onStop={() => activeId && chat.cancel(activeId)}
          className="border-t p-3"
        />
      </section>
    </div>
  );
}
