"use client";

import { Maximize2, MessageSquarePlus, Sparkles, X } from "lucide-react";
import { Link } from "@/components/ui/link";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";
import { isTemporaryChatId, newTemporaryChatId, useChatThreads } from "@/lib/client/hooks/use-chat-threads";
import { useAiStatus } from "@/lib/client/hooks/ai";
import { cn } from "@/lib/utils";
import { ChatComposer } from "./chat-composer";
import { ChatMessageList } from "./chat-message-list";
import { OfflineNotice } from "./offline-notice";

const SUGGESTIONS = [
  "Give me three post ideas for this week",
  "Write a catchy caption for a product launch",
  "What are good times to post on LinkedIn?",
];

/**
 * The floating assistant's chat panel (ai-assistant-widget.tsx loads it when first opened). It
 * stays mounted once loaded and keeps one conversation (and its server chat id) for as long as the
 * tab lives, across pages; closed, it renders nothing.
 */
export function AssistantWidgetPanel({
  id,
  open,
  onClose,
}: {
  id: string;
  open: boolean;
  /** Closes the panel and gives focus back to the launcher. */
  onClose: () => void;
}) {
  const titleId = useId();
  const [threadId, setThreadId] = useState(newTemporaryChatId);
  const chat = useChatThreads();
  const status = useAiStatus({ enabled: open });
  const input = useRef<HTMLTextAreaElement>(null);
  const thread = chat.threads[threadId];
  const messages = thread?.messages ?? [];
  const busy = thread?.busy ?? false;
  const offline = thread?.offline ?? status.data?.offline ?? false;

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  if (!open) return null;

  function send(text: string) {
    void chat.send(threadId, text, { context: "general" }, { onChatId: setThreadId });
  }

  function startOver() {
    if (busy) return;
    setThreadId(newTemporaryChatId());
    input.current?.focus();
  }

  const fullChatHref = isTemporaryChatId(threadId) ? "/chat" : `/chat?chatId=${encodeURIComponent(threadId)}`;

  return (
    <section
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !event.defaultPrevented) {
          event.stopPropagation();
          onClose();
        }
      }}
      className={cn(
        "bg-background animate-in fade-in-0 slide-in-from-bottom-4 fixed inset-2 z-40 flex flex-col overflow-hidden rounded-xl border shadow-2xl duration-200",
        "sm:inset-auto sm:right-6 sm:bottom-24 sm:h-[min(36rem,calc(100dvh-8rem))] sm:w-96",
      )}
    >
      <header className="flex items-center gap-2 border-b py-2 pr-2 pl-4">
        <span className="bg-primary/15 text-primary flex size-8 items-center justify-center rounded-full" aria-hidden>
          <Sparkles className="size-4" />
        </span>
        <h2 id={titleId} className="flex-1 font-semibold">
          AI Assistant
        </h2>
        <TooltipProvider>
          <Tooltip>
            <TooltipTrigger asChild>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                onClick={startOver}
                disabled={busy || messages.length === 0}
                aria-label="New conversation"
              >
                <MessageSquarePlus aria-hidden />
              </Button>
            </TooltipTrigger>
            <TooltipContent>New conversation</TooltipContent>
          </Tooltip>
          <Tooltip>
            <TooltipTrigger asChild>
              <Button asChild variant="ghost" size="icon-sm">
                <Link href={fullChatHref} onClick={onClose} aria-label="Open full chat">
                  <Maximize2 aria-hidden />
                </Link>
              </Button>
            </TooltipTrigger>
            <TooltipContent>Open full chat</TooltipContent>
          </Tooltip>
        </TooltipProvider>
        <Button type="button" variant="ghost" size="icon-sm" onClick={onClose} aria-label="Close">
          <X aria-hidden />
        </Button>
      </header>
      {offline && <OfflineNotice />}
      <ChatMessageList
        messages={messages}
        empty={
          <div className="grid gap-3 p-4">
            <p className="text-muted-foreground text-sm">
              Hi! I can draft posts, suggest hashtags and help you plan your content. What can I help with?
            </p>
            <ul className="grid gap-2" aria-label="Suggestions">
              {SUGGESTIONS.map((suggestion) => (
                <li key={suggestion}>
                  <button
                    type="button"
                    onClick={() => send(suggestion)}
                    className="hover:bg-accent focus-visible:ring-ring/60 w-full rounded-lg border px-3 py-2 text-left text-sm transition-colors outline-none focus-visible:ring-[3px]"
                  >
                    {suggestion}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        }
      />
      <ChatComposer
        inputRef={input}
        label="Message the AI Assistant"
        placeholder="Ask AI for help..."
        onSend={send}
        busy={busy}
        onStop={() => chat.cancel(threadId)}
        className="border-t p-3"
      />
    </section>
  );
}
