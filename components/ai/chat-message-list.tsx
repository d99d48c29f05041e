"use client";

import { useLayoutEffect, useRef, type ReactNode } from "react";
import type { UiChatMessage } from "@/lib/client/hooks/use-chat-threads";
import { cn } from "@/lib/utils";
import { ChatMessageBubble } from "./chat-message-bubble";

interface ChatMessageListProps {
  messages: readonly UiChatMessage[];
  /** Shown when there are no messages. */
  empty?: ReactNode;
  /** Buttons under a finished assistant answer. */
  renderActions?: (message: UiChatMessage) => ReactNode;
  className?: string;
  label?: string;
}

/** How close to the bottom (px) still counts as "following the conversation". */
const STICKY_DISTANCE = 80;

/**
 * The conversation, as a polite live log: a screen reader hears the answer once it is complete
 * (the log is busy while tokens stream in, so it is not read out word by word). Keeps the newest
 * message in view unless the user has scrolled up to read.
 */
export function ChatMessageList({
  messages,
  empty,
  renderActions,
  className,
  label = "Conversation",
}: ChatMessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const lastCount = useRef(messages.length);
  const last = messages.at(-1);
  const busy = messages.some((message) => message.state === "thinking" || message.state === "streaming");

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const added = messages.length > lastCount.current;
    lastCount.current = messages.length;
    if (added || following.current) element.scrollTop = element.scrollHeight;
  }, [messages.length, last?.content, last?.state]);

  return (
    <div
      ref={scroller}
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICKY_DISTANCE;
      }}
      className={cn("min-h-0 flex-1 overflow-y-auto overscroll-contain", className)}
    >
      {messages.length === 0 && empty}
      <div
        role="log"
        aria-label={label}
        aria-live="polite"
        aria-busy={busy}
        className={cn("grid gap-3", messages.length > 0 && "p-4")}
      >
        {messages.map((message) => (
          <ChatMessageBubble key={message.id} message={message} actions={renderActions?.(message)} />
        ))}
      </div>
    </div>
  );
}
