import { AlertCircle, Bot } from "lucide-react";
import type { ReactNode } from "react";
import type { UiChatMessage } from "@/lib/client/hooks/use-chat-threads";
import { cn } from "@/lib/utils";
import { ThinkingIndicator } from "./thinking-indicator";

interface ChatMessageBubbleProps {
  message: Pick<UiChatMessage, "role" | "content" | "state">;
  /** Buttons under an answer (the editor's 'Insert into post'). */
  actions?: ReactNode;
}

/** One message: the user's on the right, the assistant's on the left with its icon. */
export function ChatMessageBubble({ message, actions }: ChatMessageBubbleProps) {
  const mine = message.role === "user";
  const failed = message.state === "error";
  return (
    <div className={cn("flex items-start gap-2", mine ? "justify-end" : "justify-start")}>
      {!mine && (
        <span
          className={cn(
            "mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full",
            failed ? "bg-destructive/15 text-destructive" : "bg-primary/15 text-primary",
          )}
          aria-hidden
        >
          {failed ? <AlertCircle className="size-4" /> : <Bot className="size-4" />}
        </span>
      )}
      <div className={cn("grid max-w-[85%] gap-1.5", mine && "justify-items-end")}>
        <p className="sr-only">{mine ? "You said:" : "AI Assistant said:"}</p>
        <div
          className={cn(
            "rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap",
            mine ? "rounded-br-md" : "rounded-bl-md",
            failed
              ? "border-destructive/40 bg-destructive/10 text-destructive border"
              : mine
                ? "bg-primary text-primary-foreground"
                : "bg-muted text-foreground",
          )}
        >
          {message.state === "thinking" ? <ThinkingIndicator /> : message.content}
          {message.state === "streaming" && (
            <span className="ml-0.5 inline-block h-3.5 w-1.5 animate-pulse bg-current align-[-2px]" aria-hidden />
          )}
        </div>
        {actions && message.state === "done" && <div className="flex gap-1">{actions}</div>}
      </div>
    </div>
  );
}
