"use client";

import { ChevronDown, ChevronUp } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import type { QueueEntryDto } from "@/lib/queue/schemas";
import { slotTime } from "./queue-display";
import { QueuePostSummary } from "./queue-post-summary";

export type MoveDirection = "earlier" | "later";

interface QueueEntryRowProps {
  entry: QueueEntryDto;
  timeZone: string;
  /** The slots 'Move earlier' and 'Move later' send the post to; null at either end. */
  earlierAt: string | null;
  laterAt: string | null;
  /** Move buttons are shown (the person may change the queue). */
  mayMove: boolean;
  onMove: (to: string, direction: MoveDirection) => void;
  /** Put the focus on this move button: the post has just arrived in this row. */
  focusMove: MoveDirection | null;
  onFocused: () => void;
}

/** One upcoming time of a page: a slot, empty or taken, or a post at a time of its own. */
export function QueueEntryRow({
  entry,
  timeZone,
  earlierAt,
  laterAt,
  mayMove,
  onMove,
  focusMove,
  onFocused,
}: QueueEntryRowProps) {
  const earlier = useRef<HTMLButtonElement>(null);
  const later = useRef<HTMLButtonElement>(null);
  const { post } = entry;
  const movable = mayMove && post?.queued === true;

  // The focus follows a moved post, so 'Move later' pressed twice moves it two slots.
  useEffect(() => {
    if (!focusMove) return;
    const wanted = focusMove === "earlier" ? earlier.current : later.current;
    const other = focusMove === "earlier" ? later.current : earlier.current;
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    onFocused();
  }, [focusMove, onFocused]);

  return (
    <li className="flex min-h-11 items-center gap-3 px-3 py-1.5 sm:px-4">
      <time dateTime={entry.at} className="w-12 shrink-0 text-sm font-semibold tabular-nums">
        {slotTime(entry.at, timeZone)}
      </time>
      <div className="min-w-0 flex-1">
        {post ? (
          <QueuePostSummary post={post} />
        ) : (
          <span className="text-muted-foreground text-sm italic">Empty slot</span>
        )}
      </div>
      {movable && (
        <div className="flex shrink-0 gap-1">
          <Button
            ref={earlier}
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label="Move earlier"
            title="Move earlier"
            disabled={!earlierAt}
            onClick={() => earlierAt && onMove(earlierAt, "earlier")}
          >
            <ChevronUp aria-hidden />
          </Button>
          <Button
            ref={later}
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label="Move later"
            title="Move later"
            disabled={!laterAt}
            onClick={() => laterAt && onMove(laterAt, "later")}
          >
            <ChevronDown aria-hidden />
          </Button>
        </div>
      )}
    </li>
  );
}
