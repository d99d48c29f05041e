"use client";

import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from "react";
import type { PostDto } from "@/lib/posts/schemas";
import { parseDayKey, type CalendarDay } from "@/lib/schedule/calendar";
import { dayAfterKey, isGrabKey } from "./calendar-keyboard";
import { moveMessages } from "./calendar-labels";

/** A scheduled post held by the keyboard: picked up on `from`, now over `to`. */
export interface KeyboardMove {
  post: PostDto;
  from: string;
  to: string;
}

interface Month {
  year: number;
  month: number;
}

interface Options {
  /** The grid element: focus that stays inside it keeps the move going. */
  gridRef: RefObject<HTMLDivElement | null>;
  month: Month;
  onMonthChange: (month: Month) => void;
  onDrop: (post: PostDto, day: CalendarDay) => void;
  announce: (message: string) => void;
  /** The calendar's posts: a moved post's chip re-mounts in its new day when they change. */
  posts: readonly PostDto[];
}

/** How long after a drop the moved chip may take focus back once it re-mounts in its new day. */
const REFOCUS_WINDOW_MS = 10_000;

/**
 * Moving a scheduled post with the keyboard: Space or Enter picks it up, arrows move it a day or a
 * week, Space or Enter drops it, Escape (or leaving the grid) cancels. The move is day arithmetic
 * kept in a ref beside the React state, so every key acts on the latest position however fast keys
 * come; nothing waits for a render, a measurement or a scroll (dnd-kit's KeyboardSensor does, which
 * made fast key presses land on the wrong day).
 */
export function useKeyboardMove({ gridRef, month, onMonthChange, onDrop, announce, posts }: Options) {
  const [move, setMove] = useState<KeyboardMove | null>(null);
  const moveRef = useRef<KeyboardMove | null>(null);
  const monthRef = useRef(month);
  const refocus = useRef<{ id: string; until: number } | null>(null);

  useEffect(() => {
    monthRef.current = month;
  }, [month]);

  function update(next: KeyboardMove | null) {
    moveRef.current = next;
    setMove(next);
  }

  function pickUp(post: PostDto, from: string) {
    update({ post, from, to: from });
    announce(moveMessages.pickedUp(post, from));
  }

  function cancel() {
    const current = moveRef.current;
    if (!current) return;
    update(null);
    announce(moveMessages.cancelled(current.post, current.from));
  }

  /** A pointer drag took over: forget the keyboard move without a word. */
  function reset() {
    update(null);
  }

  function drop() {
    const current = moveRef.current;
    if (!current) return;
    update(null);
    announce(moveMessages.dropped(current.post, current.from, current.to));
    const day = parseDayKey(current.to);
    if (!day || current.to === current.from) return;
    refocus.current = { id: current.post.id, until: Date.now() + REFOCUS_WINDOW_MS };
    onDrop(current.post, day);
  }

  function moveTo(to: string) {
    const current = moveRef.current;
    const day = parseDayKey(to);
    if (!current || !day) return;
    update({ ...current, to });
    if (day.year !== monthRef.current.year || day.month !== monthRef.current.month) {
      monthRef.current = { year: day.year, month: day.month };
      onMonthChange(monthRef.current);
    }
    announce(moveMessages.over(current.post, to));
  }

  /** Capture phase on the grid: while a post is held, its keys belong to the move, not to the cells. */
  function onKeyDownCapture(event: KeyboardEvent<HTMLElement>) {
    const current = moveRef.current;
    if (!current) return;
    if (event.key === "Tab") {
      cancel();
      return;
    }
    const to = dayAfterKey(current.to, event.key);
    const grab = isGrabKey(event.key);
    if (!to && !grab && event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    // A held-down Space would pick up, drop, pick up…: only a fresh press counts.
    if (event.repeat && grab) return;
    if (to) moveTo(to);
    else if (grab) drop();
    else cancel();
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    const next = event.relatedTarget;
    if (moveRef.current && next instanceof Node && !gridRef.current?.contains(next)) cancel();
  }

  // Moving into another month may unmount the held chip: keep focus in the grid, on the day it is over.
  useLayoutEffect(() => {
    if (!move) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${move.to}"]`)?.focus();
  }, [gridRef, move, month]);

  // A dropped post re-mounts in its new day (its old chip and focus are gone): focus it there.
  useEffect(() => {
    const pending = refocus.current;
    if (!pending) return;
    if (Date.now() > pending.until) {
      refocus.current = null;
      return;
    }
    const active = document.activeElement;
    const chip = gridRef.current?.querySelector<HTMLElement>(`[data-post-chip="${pending.id}"]`);
    if (chip && active === chip) return;
    if (active && active !== document.body) {
      refocus.current = null;
      return;
    }
    if (chip) {
      chip.focus();
      refocus.current = null;
    }
  }, [gridRef, posts]);

  return { move, pickUp, cancel, reset, onKeyDownCapture, onBlur };
}
