"use client";

import { MessageSquare, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

export interface ChatListItem {
  id: string;
  title: string;
  /** The last message, for telling chats with the same title apart. */
  preview: string;
}

interface ChatListProps {
  items: readonly ChatListItem[];
  activeId: string | null;
  onSelect: (id: string) => void;
  onNewChat: () => void;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  className?: string;
}

/** /chat's left column: 'New Chat' and the user's chats, newest activity first. */
export function ChatList({ items, activeId, onSelect, onNewChat, loading, error, onRetry, className }: ChatListProps) {
  return (
    <nav aria-label="Chats" className={cn("flex min-h-0 flex-col", className)}>
      <div className="border-b p-3">
        <Button type="button" onClick={onNewChat} className="w-full">
          <Plus aria-hidden />
          New Chat
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {loading && items.length === 0 ? (
          <div className="grid gap-2 p-1" aria-label="Loading chats" role="status">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : (
          <>
            {error && (
              <div role="alert" className="text-destructive grid gap-2 p-2 text-sm">
                <p>{error}</p>
                <Button type="button" variant="outline" size="sm" onClick={onRetry} className="w-fit">
                  Retry
                </Button>
              </div>
            )}
            {items.length === 0 && !error && <p className="text-muted-foreground p-2 text-sm">No chats yet.</p>}
            <ul className="grid gap-1">
              {items.map((item) => {
                const active = item.id === activeId;
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      onClick={() => onSelect(item.id)}
                      aria-current={active ? "true" : undefined}
                      className={cn(
                        "focus-visible:ring-ring/60 flex w-full items-start gap-2.5 rounded-lg px-3 py-2 text-left transition-colors outline-none focus-visible:ring-[3px]",
                        active ? "bg-accent text-accent-foreground" : "hover:bg-accent/60",
                      )}
                    >
                      <MessageSquare className="text-muted-foreground mt-0.5 size-4 shrink-0" aria-hidden />
                      <span className="grid min-w-0 flex-1">
                        <span className="truncate text-sm font-medium">{item.title}</span>
                        <span className="text-muted-foreground truncate text-xs">
                          {item.preview || "No messages yet"}
                        </span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </nav>
  );
}
