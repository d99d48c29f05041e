"use client";

import { Maximize2, MessageSquarePlus, Sparkles, X } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { isTemporaryChatId, newTemporaryChatId, useChatThreads } from "@/lib/client/hooks/use-chat-threads";
import { useAiStatus } from "@/lib/client/hooks/ai";
import { cn } from "@/lib/utils";
import { ChatComposer } from "./chat-composer";
import { ChatMessageList } from "./chat-message-list";
import { OfflineNotice } from "./offline-notice";

/** Pages with their own AI entry point, where the floating button would be a second one. */
const HIDDEN_ON = ["/chat", "/create-post"];

const SUGGESTIONS = [
  "Give me three post ideas for this week",
  "Write a catchy caption for a product launch",
  "What are good times to post on LinkedIn?",
];

/**
 * The floating AI Assistant on every signed-in page: a round button bottom-right opening a small
 * chat panel. It keeps one conversation (and its server chat id) for as long as the tab lives, across
 * pages, since the app shell that holds it stays mounted.
 */
export function AiAssistantWidget() {
  const pathname = usePathname();
  const panelId = useId();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [threadId, setThreadId] = useState(newTemporaryChatId);
  const chat = useChatThreads();
  const status = useAiStatus({ enabled: open });
  const launcher = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const thread = chat.threads[threadId];
  const messages = thread?.messages ?? [];
  const busy = thread?.busy ?? false;
  const offline = thread?.offline ?? status.data?.offline ?? false;

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  // /chat is the full-size chat and the editor has its own AI Assistant panel: a second, floating
  // chat there would only compete with it, so the widget hides on both (its conversation is kept
  // and comes back on the next page).
  if (HIDDEN_ON.some((route) => pathname === route || pathname.startsWith(`${route}/`))) return null;

  function close() {
    setOpen(false);
    launcher.current?.focus();
  }

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
    <>
      {open && (
        <section
          id={panelId}
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          onKeyDown={(event) => {
            if (event.key === "Escape" && !event.defaultPrevented) {
              event.stopPropagation();
              close();
            }
          }}
          className={cn(
            "bg-background animate-in fade-in-0 slide-in-from-bottom-4 fixed inset-2 z-40 flex flex-col overflow-hidden rounded-xl border shadow-2xl duration-200",
            "sm:inset-auto sm:right-6 sm:bottom-24 sm:h-[min(36rem,calc(100dvh-8rem))] sm:w-96",
          )}
        >
          <header className="flex items-center gap-2 border-b py-2 pr-2 pl-4">
            <span
              className="bg-primary/15 text-primary flex size-8 items-center justify-center rounded-full"
              aria-hidden
            >
              <Sparkles className="size-4" />
            </span>
            <h2 id={titleId} className="flex-1 font-semibold">
              AI Assistant
            </h2>
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
                  <Link href={fullChatHref} onClick={() => setOpen(false)} aria-label="Open full chat">
                    <Maximize2 aria-hidden />
                  </Link>
                </Button>
              </TooltipTrigger>
              <TooltipContent>Open full chat</TooltipContent>
            </Tooltip>
            <Button type="button" variant="ghost" size="icon-sm" onClick={close} aria-label="Close">
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
      )}
      <Button
        ref={launcher}
        type="button"
        size="icon"
        onClick={() => (open ? close() : setOpen(true))}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? "Close AI Assistant" : "Open AI Assistant"}
        className={cn(
          "fixed right-4 bottom-4 z-40 size-12 rounded-full shadow-lg transition-transform hover:scale-105 sm:right-6 sm:bottom-6 sm:size-14",
          // On a phone the open panel fills the screen and has its own close button.
          open && "max-sm:hidden",
        )}
      >
        {open ? <X className="size-6" aria-hidden /> : <Sparkles className="size-6" aria-hidden />}
      </Button>
    </>
  );
}
