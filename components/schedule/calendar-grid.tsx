"use client";

import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useMemo, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import type { PostDto } from "@/lib/posts/schemas";
import {
  addMonths,
  dayKey,
  monthGrid,
  parseDayKey,
  WEEKDAY_LABELS,
  type CalendarDay,
  type MonthCell,
} from "@/lib/schedule/calendar";
import { calendarInstant, postDayKey } from "@/lib/schedule/posts";
import { formatLongDateTime } from "@/lib/schedule/time";
import { cn } from "@/lib/utils";
import { postShortName } from "@/components/content/post-display";

const MAX_POSTS_PER_DAY = 3;

interface CalendarGridProps {
  posts: readonly PostDto[];
  month: { year: number; month: number };
  onMonthChange: (month: { year: number; month: number }) => void;
  selectedKey: string | null;
  onSelectDay: (key: string) => void;
  onOpenPost: (post: PostDto) => void;
  onReschedule: (post: PostDto, day: CalendarDay) => void;
}

const dayLabel = (key: string) => {
  const day = parseDayKey(key);
  if (!day) return key;
  return new Intl.DateTimeFormat(undefined, { dateStyle: "full" }).format(new Date(day.year, day.month, day.day));
};

const timeLabel = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat(undefined, { timeStyle: "short" }).format(new Date(iso)) : "";

/** Arrow keys move a picked-up post one day (left/right) or one week (up/down), cell to cell. */
const dayToDayCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const steps: Partial<Record<string, number>> = {
    [KeyboardCode.Right]: 1,
    [KeyboardCode.Left]: -1,
    [KeyboardCode.Down]: 7,
    [KeyboardCode.Up]: -7,
  };
  const step = steps[event.code];
  const overKey = context.over ? String(context.over.id) : null;
  const rect = context.collisionRect;
  if (step === undefined || !overKey || !rect) return undefined;
  event.preventDefault();
  const from = parseDayKey(overKey);
  if (!from) return undefined;
  const target = dayKey(
    (() => {
      const date = new Date(Date.UTC(from.year, from.month, from.day + step));
      return { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() };
    })(),
  );
  const targetRect = context.droppableRects.get(target);
  if (!targetRect) return currentCoordinates;
  return {
    x: targetRect.left + targetRect.width / 2 - rect.width / 2,
    y: targetRect.top + targetRect.height / 2 - rect.height / 2,
  };
};

/** Pointer: the cell under the pointer; keyboard: the cell the dragged post's centre is closest to. */
const collisionDetection: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : closestCenter(args);
};

const screenReaderInstructions = {
  draggable:
    "To move a scheduled post to another day, press Space to pick it up. Use the arrow keys to move it a day or a week, then press Space to drop it and reschedule it at the same time of day, or Escape to cancel. Press Enter to open it.",
};

/** Month view of the scheduler (spec 'Calendar view'), with drag and drop rescheduling. */
export function CalendarGrid({
  posts,
  month,
  onMonthChange,
  selectedKey,
  onSelectDay,
  onOpenPost,
  onReschedule,
}: CalendarGridProps) {
  const cells = useMemo(() => monthGrid(month.year, month.month), [month]);
  const todayKey = dayKey({ year: new Date().getFullYear(), month: new Date().getMonth(), day: new Date().getDate() });
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [dragging, setDragging] = useState<PostDto | null>(null);
  const byDay = useMemo(() => {
    const map = new Map<string, PostDto[]>();
    for (const post of posts) {
      const key = postDayKey(post);
      if (!key) continue;
      map.set(key, [...(map.get(key) ?? []), post]);
    }
    for (const list of map.values())
      list.sort((a, b) => (calendarInstant(a) ?? "").localeCompare(calendarInstant(b) ?? ""));
    return map;
  }, [posts]);
  const postsById = useMemo(() => new Map(posts.map((post) => [post.id, post])), [posts]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: dayToDayCoordinates,
      keyboardCodes: {
        start: [KeyboardCode.Space],
        cancel: [KeyboardCode.Esc],
        end: [KeyboardCode.Space, KeyboardCode.Enter],
      },
    }),
  );

  const title = new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric" }).format(
    new Date(month.year, month.month, 1),
  );
  const inMonthKeys = cells.filter((cell) => cell.inMonth).map((cell) => cell.key);
  const tabbableKey =
    [focusKey, selectedKey, todayKey].find((key) => key !== null && inMonthKeys.includes(key)) ?? inMonthKeys[0];

  const nameOf = (id: string | number) => {
    const post = postsById.get(String(id));
    return post ? `post "${postShortName(post)}"` : "post";
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over ${dayLabel(String(over.id))}.` : `${nameOf(active.id)} is not over a day.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} was dropped on ${dayLabel(String(over.id))}.`
        : `${nameOf(active.id)} was dropped outside the calendar; nothing changed.`,
    onDragCancel: ({ active }) => `Moving cancelled. ${nameOf(active.id)} keeps its date.`,
  };

  function handleDragStart({ active }: DragStartEvent) {
    setDragging(postsById.get(String(active.id)) ?? null);
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    setDragging(null);
    const post = postsById.get(String(active.id));
    const target = over ? parseDayKey(String(over.id)) : null;
    if (!post || !target || postDayKey(post) === String(over?.id)) return;
    onReschedule(post, target);
  }

  function moveFocus(from: string, step: number) {
    const day = parseDayKey(from);
    if (!day) return;
    const date = new Date(Date.UTC(day.year, day.month, day.day + step));
    const next = { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() };
    const key = dayKey(next);
    if (next.month !== month.month || next.year !== month.year) onMonthChange({ year: next.year, month: next.month });
    setFocusKey(key);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-day="${key}"]`)?.focus());
  }

  function cellKeyDown(event: KeyboardEvent<HTMLDivElement>, key: string) {
    // Keys pressed on a post inside the cell belong to the post (and to dragging).
    if (event.target !== event.currentTarget) return;
    const steps: Partial<Record<string, number>> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 7, ArrowUp: -7 };
    const step = steps[event.key];
    if (step !== undefined) {
      event.preventDefault();
      moveFocus(key, step);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onSelectDay(key);
    }
  }

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Previous month"
            onClick={() => onMonthChange(addMonths(month, -1))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Next month"
            onClick={() => onMonthChange(addMonths(month, 1))}
          >
            <ChevronRight aria-hidden />
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              const now = new Date();
              onMonthChange({ year: now.getFullYear(), month: now.getMonth() });
              setFocusKey(todayKey);
            }}
          >
            Today
          </Button>
          <h2 className="ml-1 text-lg font-semibold" aria-live="polite">
            {title}
          </h2>
        </div>
        <ul className="text-muted-foreground flex items-center gap-4 text-xs" aria-label="Legend">
          <li className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-full bg-blue-600" aria-hidden />
            Scheduled
          </li>
          <li className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-full bg-green-700" aria-hidden />
            Published
          </li>
        </ul>
      </div>

      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        onDragStart={handleDragStart}
        onDragEnd={handleDragEnd}
        onDragCancel={() => setDragging(null)}
        accessibility={{ announcements, screenReaderInstructions }}
      >
        <div role="grid" aria-label={title} className="overflow-hidden rounded-lg border">
          <div role="row" className="bg-muted/50 grid grid-cols-7 border-b">
            {WEEKDAY_LABELS.map((label) => (
              <div
                key={label}
                role="columnheader"
                className="text-muted-foreground py-2 text-center text-xs font-medium"
              >
                {label}
              </div>
            ))}
          </div>
          {Array.from({ length: cells.length / 7 }, (_, row) => (
            <div key={row} role="row" className="grid grid-cols-7 border-b last:border-b-0">
              {cells.slice(row * 7, row * 7 + 7).map((cell) => (
                <DayCell
                  key={cell.key}
                  cell={cell}
                  posts={byDay.get(cell.key) ?? []}
                  today={cell.key === todayKey}
                  selected={cell.key === selectedKey}
                  tabbable={cell.key === tabbableKey}
                  onSelect={() => {
                    setFocusKey(cell.key);
                    onSelectDay(cell.key);
                  }}
                  onKeyDown={(event) => cellKeyDown(event, cell.key)}
                  onOpenPost={onOpenPost}
                />
              ))}
            </div>
          ))}
        </div>
        <DragOverlay dropAnimation={null}>{dragging ? <PostChipBody post={dragging} lifted /> : null}</DragOverlay>
      </DndContext>
    </div>
  );
}

interface DayCellProps {
  cell: MonthCell;
  posts: PostDto[];
  today: boolean;
  selected: boolean;
  tabbable: boolean;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onOpenPost: (post: PostDto) => void;
}

function DayCell({ cell, posts, today, selected, tabbable, onSelect, onKeyDown, onOpenPost }: DayCellProps) {
  const { setNodeRef, isOver } = useDroppable({ id: cell.key });
  const scheduled = posts.filter((post) => post.status === "scheduled").length;
  const published = posts.filter((post) => post.status === "published").length;
  const hidden = posts.length - MAX_POSTS_PER_DAY;
  return (
    <div
      ref={setNodeRef}
      role="gridcell"
      aria-label={dayLabel(cell.key)}
      aria-selected={selected}
      aria-current={today ? "date" : undefined}
      data-day={cell.key}
      tabIndex={tabbable ? 0 : -1}
      onClick={onSelect}
      onKeyDown={onKeyDown}
      className={cn(
        "focus-visible:ring-ring/60 relative flex min-h-28 min-w-0 cursor-pointer flex-col gap-1 border-r p-1.5 text-left outline-none last:border-r-0 focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-inset",
        !cell.inMonth && "bg-muted/30 text-muted-foreground",
        selected && "bg-primary/10",
        isOver && "bg-primary/20 ring-primary ring-2 ring-inset",
        "hover:bg-accent/50",
      )}
    >
      <div className="flex items-center justify-between gap-1">
        <span
          className={cn(
            "grid size-6 place-items-center rounded-full text-xs font-medium tabular-nums",
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
        {posts.slice(0, MAX_POSTS_PER_DAY).map((post) => (
          <li key={post.id} className="min-w-0">
            {post.status === "scheduled" ? (
              <DraggablePostChip post={post} onOpen={() => onOpenPost(post)} />
            ) : (
              <button
                type="button"
                className="focus-visible:ring-ring/60 block w-full min-w-0 rounded text-left outline-none focus-visible:ring-[3px]"
                onClick={(event) => {
                  event.stopPropagation();
                  onOpenPost(post);
                }}
              >
                <PostChipBody post={post} />
              </button>
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

function DraggablePostChip({ post, onOpen }: { post: PostDto; onOpen: () => void }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: post.id });
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`${postShortName(post)}, scheduled ${timeLabel(post.scheduledAt)}`}
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          event.stopPropagation();
          onOpen();
          return;
        }
        listeners?.onKeyDown?.(event);
      }}
      className={cn(
        "focus-visible:ring-ring/60 block w-full min-w-0 cursor-grab touch-none rounded outline-none focus-visible:ring-[3px]",
        isDragging && "opacity-40",
      )}
    >
      <PostChipBody post={post} />
    </div>
  );
}

function PostChipBody({ post, lifted = false }: { post: PostDto; lifted?: boolean }) {
  const instant = calendarInstant(post);
  return (
    <span
      className={cn(
        "flex min-w-0 items-center gap-1 rounded border-l-2 px-1 py-0.5 text-[0.7rem] leading-tight",
        post.status === "scheduled" && "border-blue-600 bg-blue-600/10",
        post.status === "published" && "border-green-700 bg-green-700/10",
        post.status === "failed" && "border-red-600 bg-red-600/10",
        lifted && "bg-background shadow-lg",
      )}
      title={instant ? `${postShortName(post)}, ${formatLongDateTime(instant)}` : postShortName(post)}
    >
      <span className="shrink-0 font-medium tabular-nums">{timeLabel(instant)}</span>
      <span className="truncate">{postShortName(post)}</span>
    </span>
  );
}
