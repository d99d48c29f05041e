"use client";

import { useDraggable } from "@dnd-kit/core";
import { postShortName } from "@/components/content/post-display";
import type { PostDto } from "@/lib/posts/schemas";
import { cn } from "@/lib/utils";
import { isGrabKey } from "./calendar-keyboard";
import { timeLabel } from "./calendar-labels";
import { ChipTooltip, PostChipBody } from "./post-chip-body";

interface DraggablePostChipProps {
  post: PostDto;
  /** Picked up by the keyboard and not yet dropped. */
  held: boolean;
  onOpen: () => void;
  onPickUp: () => void;
}

/**
 * A scheduled post in a day cell. A pointer drags it (dnd-kit); the keyboard picks it up with Space
 * or Enter (the grid's keyboard move takes it from there); a click opens it.
 */
export function DraggablePostChip({ post, held, onOpen, onPickUp }: DraggablePostChipProps) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: post.id });
  return (
    <ChipTooltip post={post} quiet={held || isDragging}>
      {(describedBy) => (
        <div
          ref={setNodeRef}
          {...attributes}
          {...listeners}
          aria-describedby={`${describedBy} ${attributes["aria-describedby"]}`}
          data-post-chip={post.id}
          aria-label={`${postShortName(post)}, scheduled ${timeLabel(post.scheduledAt)}${post.delayed ? ", delayed" : ""}`}
          aria-pressed={held || isDragging || undefined}
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
          onKeyDown={(event) => {
            if (!isGrabKey(event.key) || event.repeat) return;
            // Not the cell's Space/Enter (select the day), nor a page scroll.
            event.preventDefault();
            event.stopPropagation();
            onPickUp();
          }}
          className={cn(
            "focus-visible:ring-ring/60 block w-full min-w-0 cursor-grab touch-none rounded focus-visible:ring-[3px]",
            (isDragging || held) && "opacity-40",
            held ? "outline-primary outline-2 outline-dashed" : "outline-none",
          )}
        >
          <PostChipBody post={post} />
        </div>
      )}
    </ChipTooltip>
  );
}
