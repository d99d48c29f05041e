"use client";

import {
  closestCenter,
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type AutoScrollOptions,
  type DragEndEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { TooltipProvider } from "@/components/ui/tooltip";
import { useMemo, useRef, useState, type KeyboardEvent } from "react";
import { dateTimeFormat } from "@/lib/format";
import type { PostDto } from "@/lib/posts/schemas";
import { addMonths, dayKey, monthGrid, parseDayKey, WEEKDAY_LABELS, type CalendarDay } from "@/lib/schedule/calendar";
import { calendarInstant, postDayKey } from "@/lib/schedule/posts";
import { CalendarDayCell } from "./calendar-day-cell";
import { arrowStep, dayAfterKey } from "./calendar-keyboard";
import { moveMessages, screenReaderInstructions } from "./calendar-labels";
import { CalendarToolbar } from "./calendar-toolbar";
import { PostChipBody } from "./post-chip-body";
import { useKeyboardMove } from "./use-keyboard-move";

interface CalendarGridProps {
  posts: readonly PostDto[];
  month: { year: number; month: number };
  onMonthChange: (month: { year: number; month: number }) => void;
  selectedKey: string | null;
  onSelectDay: (key: string) => void;
  onOpenPost: (post: PostDto) => void;
  onReschedule: (post: PostDto, day: CalendarDay) => void;
}

/** The cell under the pointer, else the one the dragged post's centre is closest to. */
const collisionDetection: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : closestCenter(args);
};

/**
 * The page scrolls only while the pointer is in the window's outer 4% (dnd-kit's default is 20%, so
 * a drag held over the bottom row scrolled the page, and the next week slid under the pointer).
 */
const AUTO_SCROLL: AutoScrollOptions = {
  threshold: { x: 0, y: 0.04 },
  acceleration: 5,
  layoutShiftCompensation: false,
};

/** The day cell under a point of the viewport (the drag overlay and chips are looked through). */
function dayUnder(x: number, y: number): string | null {
  for (const element of document.elementsFromPoint(x, y)) {
    const day = element.closest<HTMLElement>("[data-day]")?.dataset.day;
    if (day) return day;
  }
  return null;
}

/** Where the pointer was when the drag ended, in viewport coordinates. */
function dropPoint({ activatorEvent, delta }: DragEndEvent): { x: number; y: number } | null {
  if (!activatorEvent || !("clientX" in activatorEvent) || !("clientY" in activatorEvent)) return null;
  const { clientX, clientY } = activatorEvent as PointerEvent;
  return { x: clientX + delta.x, y: clientY + delta.y };
}

/**
 * Month view of the scheduler (spec 'Calendar view'). Scheduled posts move to another day by pointer
 * drag (dnd-kit) or by keyboard (use-keyboard-move), keeping their time of day. Day cells use roving
 * focus: one is in the tab order, arrows move between days, Space or Enter selects one.
 */
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
  const now = new Date();
  const todayKey = dayKey({ year: now.getFullYear(), month: now.getMonth(), day: now.getDate() });
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [dragging, setDragging] = useState<PostDto | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const gridRef = useRef<HTMLDivElement>(null);
  const {
    move: held,
    pickUp,
    reset: resetKeyboardMove,
    onKeyDownCapture,
    onBlur,
  } = useKeyboardMove({
    gridRef,
    month,
    onMonthChange,
    onDrop: onReschedule,
    announce: setAnnouncement,
    posts,
  });

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

  // Keyboard moves are ours (use-keyboard-move); dnd-kit handles the pointer only.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));

  const title = dateTimeFormat(undefined, { month: "long", year: "numeric" }).format(
    new Date(month.year, month.month, 1),
  );
  const inMonthKeys = cells.filter((cell) => cell.inMonth).map((cell) => cell.key);
  const tabbableKey =
    [held?.to, focusKey, selectedKey, todayKey].find(
      (key): key is string => typeof key === "string" && inMonthKeys.includes(key),
    ) ?? inMonthKeys[0];

  const pointerPost = (id: string | number) => postsById.get(String(id));
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const post = pointerPost(active.id);
      const from = post && postDayKey(post);
      return post && from ? moveMessages.pickedUp(post, from) : undefined;
    },
    onDragOver: ({ active, over }) => {
      const post = pointerPost(active.id);
      return post && over ? moveMessages.over(post, String(over.id)) : undefined;
    },
    onDragEnd: ({ active, over }) => {
      const post = pointerPost(active.id);
      const from = post && postDayKey(post);
      if (!post || !from) return undefined;
      return over ? moveMessages.dropped(post, from, String(over.id)) : moveMessages.droppedOutside(post);
    },
    onDragCancel: ({ active }) => {
      const post = pointerPost(active.id);
      const from = post && postDayKey(post);
      return post && from ? moveMessages.cancelled(post, from) : undefined;
    },
  };

  function handleDragStart({ active }: DragStartEvent) {
    resetKeyboardMove();
    setDragging(postsById.get(String(active.id)) ?? null);
  }

  function handleDragEnd(event: DragEndEvent) {
    setDragging(null);
    const post = postsById.get(String(event.active.id));
    // The day under the pointer at release, read from the page as it is now (whatever scrolled
    // since the drag began); dnd-kit's own answer only when the point is off the grid.
    const point = dropPoint(event);
    const under = point ? dayUnder(point.x, point.y) : null;
    const key = under ?? (event.over ? String(event.over.id) : null);
    const target = key ? parseDayKey(key) : null;
    if (!post || !target || postDayKey(post) === key) return;
    onReschedule(post, target);
  }

  function moveFocus(from: string, key: string) {
    const next = dayAfterKey(from, key);
    const day = next && parseDayKey(next);
    if (!next || !day) return;
    if (day.month !== month.month || day.year !== month.year) onMonthChange({ year: day.year, month: day.month });
    setFocusKey(next);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-day="${next}"]`)?.focus());
  }

  function cellKeyDown(event: KeyboardEvent<HTMLDivElement>, key: string) {
    // Keys pressed on a post inside the cell belong to the post.
    if (event.target !== event.currentTarget) return;
    if (arrowStep(event.key) !== undefined) {
      event.preventDefault();
      moveFocus(key, event.key);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onSelectDay(key);
    }
  }

  return (
    <div className="grid gap-3">
      <CalendarToolbar
        title={title}
        onPrevious={() => onMonthChange(addMonths(month, -1))}
        onNext={() => onMonthChange(addMonths(month, 1))}
        onToday={() => {
          onMonthChange({ year: now.getFullYear(), month: now.getMonth() });
          setFocusKey(todayKey);
        }}
      />

      <TooltipProvider delayDuration={300}>
        <DndContext
          sensors={sensors}
          autoScroll={AUTO_SCROLL}
          collisionDetection={collisionDetection}
          onDragStart={handleDragStart}
          onDragEnd={handleDragEnd}
          onDragCancel={() => setDragging(null)}
          accessibility={{ announcements, screenReaderInstructions: { draggable: screenReaderInstructions } }}
        >
          <div
            ref={gridRef}
            role="grid"
            aria-label={title}
            className="overflow-hidden rounded-lg border"
            onKeyDownCapture={onKeyDownCapture}
            onBlur={onBlur}
          >
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
                  <CalendarDayCell
                    key={cell.key}
                    cell={cell}
                    posts={byDay.get(cell.key) ?? []}
                    today={cell.key === todayKey}
                    selected={cell.key === selectedKey}
                    tabbable={cell.key === tabbableKey}
                    held={held?.post ?? null}
                    heldOver={held?.to === cell.key}
                    onSelect={() => {
                      setFocusKey(cell.key);
                      onSelectDay(cell.key);
                    }}
                    onKeyDown={(event) => cellKeyDown(event, cell.key)}
                    onOpenPost={onOpenPost}
                    onPickUp={(post) => pickUp(post, cell.key)}
                  />
                ))}
              </div>
            ))}
          </div>
          <DragOverlay dropAnimation={null}>{dragging ? <PostChipBody post={dragging} lifted /> : null}</DragOverlay>
        </DndContext>
      </TooltipProvider>
      <div role="status" aria-live="assertive" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
    </div>
  );
}
