"use client";

import { CornerDownLeft, Sparkles } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { ChatComposer } from "@/components/ai/chat-composer";
import { ChatMessageList } from "@/components/ai/chat-message-list";
import { OfflineNotice } from "@/components/ai/offline-notice";
import { Button } from "@/components/ui/button";
import {
  isTemporaryChatId,
  newTemporaryChatId,
  toUiMessages,
  useChatThreads,
  type UiChatMessage,
} from "@/lib/client/hooks/use-chat-threads";
import { useAiStatus, usePostChat } from "@/lib/client/hooks/ai";
import { POST_CONTENT_MAX } from "@/lib/posts/constants";
import type { PostDto } from "@/lib/posts/schemas";
import { cn } from "@/lib/utils";

const GREETING: UiChatMessage = {
  id: "greeting",
  role: "assistant",
  content:
    "Hi! I'm your AI assistant. I can help you write this post, make it more engaging, suggest hashtags or brainstorm ideas. What would you like to do?",
  state: "done",
};

interface AiAssistantPanelProps {
  /** The saved post when editing: the conversation is about it (context post_enhancement). */
  post?: PostDto;
  /** The editor's current text, sent along so the assistant sees what the user sees. */
  content: string;
  /** The editor's AI chat (shared with the generator); null until the server names one. */
  chatId: string | null;
  onChatIdChange: (chatId: string) => void;
  /** Puts an answer into the post. */
  onInsert: (text: string) => void;
  className?: string;
}

/** The editor's right-hand 'AI Assistant': a chat that knows the post being written. */
export function AiAssistantPanel({
  post,
  content,
  chatId,
  onChatIdChange,
  onInsert,
  className,
}: AiAssistantPanelProps) {
  const titleId = useId();
  const chat = useChatThreads();
  const status = useAiStatus();
  const [temporaryId] = useState(newTemporaryChatId);
  const threadId = chatId ?? temporaryId;
  const postChat = usePostChat(post?.id);
  const thread = chat.threads[threadId];

  // A saved post's earlier conversation comes back when the editor opens it again.
  const { seed } = chat;
  const saved = postChat.data;
  useEffect(() => {
    if (!saved?.chatId) return;
    seed(saved.chatId, { messages: toUiMessages(saved.chatHistory) });
    if (isTemporaryChatId(chatId)) onChatIdChange(saved.chatId);
  }, [saved, seed, chatId, onChatIdChange]);

  const messages = [GREETING, ...(thread?.messages ?? [])];
  const busy = thread?.busy ?? false;
  const offline = thread?.offline ?? status.data?.offline ?? false;

  function send(text: string) {
    void chat.send(
      threadId,
      text,
      {
        context: post ? "post_enhancement" : "content_creation",
        postContent: content.trim() ? content.slice(0, POST_CONTENT_MAX) : null,
        postId: post?.id ?? null,
      },
      { onChatId: onChatIdChange },
    );
  }

  return (
    <section
      aria-labelledby={titleId}
      className={cn("bg-card flex h-[34rem] flex-col overflow-hidden rounded-xl border shadow-sm", className)}
    >
      <header className="flex items-center gap-2 border-b px-4 py-3">
        <span className="bg-primary/15 text-primary flex size-8 items-center justify-center rounded-full" aria-hidden>
          <Sparkles className="size-4" />
        </span>
        <div>
          <h2 id={titleId} className="leading-tight font-semibold">
            AI Assistant
          </h2>
          <p className="text-muted-foreground text-xs">Knows the post you are writing</p>
        </div>
      </header>
      {offline && <OfflineNotice />}
      <ChatMessageList
        label="AI Assistant conversation"
        messages={messages}
        renderActions={(message) =>
          message.role === "assistant" && message.id !== GREETING.id ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="text-muted-foreground h-7 px-2 text-xs"
              onClick={() => onInsert(message.content)}
            >
              <CornerDownLeft aria-hidden />
              Insert into post
            </Button>
          ) : null
        }
      />
      <ChatComposer
        label="Message the AI Assistant about this post"
        placeholder="Ask the AI to help with this post..."
        onSend={send}
        busy={busy}
        onStop={() => chat.cancel(threadId)}
        className="border-t p-3"
      />
    </section>
  );
}
