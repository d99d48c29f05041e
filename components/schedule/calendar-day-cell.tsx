"use client";

import { useDroppable } from "@dnd-kit/core";
import type { KeyboardEvent } from "react";
import { postShortName } from "@/components/content/post-display";
import type { PostDto } from "@/lib/posts/schemas";
import type { MonthCell } from "@/lib/schedule/calendar";
import { calendarInstant } from "@/lib/schedule/posts";
import { cn } from "@/lib/utils";
import { dayLabel, timeLabel } from "./calendar-labels";
import { DraggablePostChip } from "./draggable-post-chip";
import { ChipTooltip, PostChipBody } from "./post-chip-body";

const MAX_POSTS_PER_DAY = 3;

interface CalendarDayCellProps {
  cell: MonthCell;
  posts: PostDto[];
  today: boolean;
  selected: boolean;
  /** The one cell in the tab order (roving focus). */
  tabbable: boolean;
  /** The post held by the keyboard, if any, and whether it is over this day. */
  held: PostDto | null;
  heldOver: boolean;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onOpenPost: (post: PostDto) => void;
  onPickUp: (post: PostDto) => void;
}

/** One day of the month grid: a drop target, with its counts and up to three posts. */
export function CalendarDayCell({
  cell,
  posts,
  today,
  selected,
  tabbable,
  held,
  heldOver,
  onSelect,
  onKeyDown,
  onOpenPost,
  onPickUp,
}: CalendarDayCellProps) {
  const { setNodeRef, isOver } = useDroppable({ id: cell.key });
  const scheduled = posts.filter((post) => post.status === "scheduled").length;
  const published = posts.filter((post) => post.status === "published").length;
  const hidden = posts.length - MAX_POSTS_PER_DAY;
  // The held post, drawn where it would land (its own chip stays, faded, on its own day).
  const ghost = heldOver && held && !posts.some((post) => post.id === held.id) ? held : null;
  return (
    <div
      ref={setNodeRef}
      role="gridcell"
      aria-label={dayLabel(cell.key)}
      aria-selected={selected}
      aria-current={today ? "date" : undefined}
      data-day={cell.key}
      data-outside-month={cell.inMonth ? undefined : ""}
      tabIndex={tabbable ? 0 : -1}
      onClick={onSelect}
      onKeyDown={onKeyDown}
      className={cn(
        "focus-visible:ring-ring/60 relative flex min-h-20 min-w-0 cursor-pointer flex-col gap-1 border-r p-0.5 text-left outline-none last:border-r-0 focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-inset sm:min-h-28 sm:p-1.5",
        // Another month's day: hatched and muted, so the month's own days stand out (text keeps its contrast).
        !cell.inMonth &&
          "text-muted-foreground bg-[repeating-linear-gradient(135deg,transparent_0_6px,var(--border)_6px_7px)]",
        isOver || heldOver
          ? "bg-primary/20 ring-primary ring-2 ring-inset"
          : selected
            ? "bg-primary/10"
            : !cell.inMonth && "bg-muted/70",
        "hover:bg-accent/50",
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-1">
        <span
          className={cn(
            "grid size-6 place-items-center rounded-full text-xs tabular-nums",
            cell.inMonth ? "font-medium" : "font-normal",
            today && "bg-primary text-primary-foreground",
          )}
        >
          {cell.day}
        </span>
        <span className="flex items-center gap-1 text-[0.65rem] font-medium tabular-nums">
          {scheduled > 0 && (
            <span className="rounded bg-blue-600 px-1 text-white" title={`${scheduled} scheduled`}>
              {scheduled}
              <span className="sr-only"> scheduled</span>
            </span>
          )}
          {published > 0 && (
            <span className="rounded bg-green-700 px-1 text-white" title={`${published} published`}>
              {published}
              <span className="sr-only"> published</span>
            </span>
          )}
        </span>
      </div>
      <ul className="grid min-w-0 gap-1">
        {ghost && (
          <li className="min-w-0" aria-hidden="true">
            <PostChipBody post={ghost} lifted />
          </li>
        )}
        {posts.slice(0, MAX_POSTS_PER_DAY).map((post) => (
          <li key={post.id} className="min-w-0">
            {post.status === "scheduled" ? (
              <DraggablePostChip
                post={post}
                held={held?.id === post.id}
                onOpen={() => onOpenPost(post)}
                onPickUp={() => onPickUp(post)}
              />
            ) : (
              <ChipTooltip post={post}>
                {(describedBy) => (
                  <button
                    type="button"
                    className="focus-visible:ring-ring/60 block w-full min-w-0 rounded text-left outline-none focus-visible:ring-[3px]"
                    // The colour says the status to sighted users; the name says it to everyone.
                    aria-label={`${postShortName(post)}, ${post.status} ${timeLabel(calendarInstant(post))}`}
                    aria-describedby={describedBy}
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpenPost(post);
                    }}
                  >
                    <PostChipBody post={post} />
                  </button>
                )}
              </ChipTooltip>
            )}
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <button
          type="button"
          className="text-primary focus-visible:ring-ring/60 w-fit rounded text-left text-xs font-medium outline-none hover:underline focus-visible:ring-[3px]"
          onClick={(event) => {
            event.stopPropagation();
            onSelect();
          }}
        >
          +{hidden} more
        </button>
      )}
    </div>
  );
}
