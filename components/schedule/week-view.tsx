"use client";

import { ChevronLeft, ChevronRight, Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { TooltipProvider } from "@/components/ui/tooltip";
import { useQueues } from "@/lib/client/hooks/queue";
import { dateTimeFormat } from "@/lib/format";
import type { PostDto } from "@/lib/posts/schemas";
import { QUEUE_VIEW_DAYS } from "@/lib/queue/constants";
import { calendarDayOf, dayKey, fromWallClock, parseDayKey, shiftDayKey, weekKeys } from "@/lib/schedule/calendar";
import { groupByDay } from "@/lib/schedule/posts";
import { defaultScheduleTime, toScheduledDate } from "@/lib/schedule/time";
import { cn } from "@/lib/utils";
import { dayLabel, timeLabel } from "./calendar-labels";
import { ChipTooltip, PostChipBody } from "./post-chip-body";

/** The hour a day's '+' proposes, when the day is not today (today: the editor's usual next quarter hour). */
const NEW_POST_HOUR = 9;

interface WeekViewProps {
  posts: PostDto[];
  /** Any day of the week shown ("YYYY-MM-DD", the browser's calendar). */
  weekOf: string;
  onWeekChange: (key: string) => void;
  onOpenPost: (post: PostDto) => void;
}

interface FreeSlot {
  at: string;
  pageId: string;
  pageName: string;
}

const shortDay = (key: string) => {
  const day = parseDayKey(key)!;
  return dateTimeFormat(undefined, { weekday: "short", day: "numeric" }).format(new Date(day.year, day.month, day.day));
};

/** Where a day's '+' opens the editor: with a time on that day picked for the Schedule dialog. */
function newPostOn(key: string, today: string): string {
  const day = parseDayKey(key)!;
  const soonest = defaultScheduleTime();
  const at =
    key === today
      ? toScheduledDate(soonest.date, soonest.hour, soonest.minute)
      : fromWallClock({ ...day, hour: NEW_POST_HOUR, minute: 0, second: 0, millisecond: 0 });
  return `/create-post?at=${encodeURIComponent((at ?? new Date()).toISOString())}`;
}

/**
 * The calendar's week: seven days side by side (stacked on a phone), each with its posts in time
 * order, a '+' that opens the editor for that day, and the queues' free slots of the day, each a
 * '+' for a post on that page at that slot.
 */
export function WeekView({ posts, weekOf, onWeekChange, onOpenPost }: WeekViewProps) {
  const [now] = useState(() => new Date());
  const today = dayKey(calendarDayOf(now));
  const keys = weekKeys(weekOf);
  const byDay = useMemo(() => new Map(groupByDay(posts).map((group) => [group.key, group.posts])), [posts]);
  const queues = useQueues(QUEUE_VIEW_DAYS);
  const freeByDay = useMemo(() => {
    const days = new Map<string, FreeSlot[]>();
    for (const queue of queues.data ?? []) {
      if (queue.paused) continue;
      for (const entry of queue.upcoming) {
        if (!entry.slot || entry.post !== null || Date.parse(entry.at) <= now.getTime()) continue;
        const key = dayKey(calendarDayOf(new Date(entry.at)));
        days.set(key, [...(days.get(key) ?? []), { at: entry.at, pageId: queue.pageId, pageName: queue.pageName }]);
      }
    }
    for (const slots of days.values()) slots.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    return days;
  }, [queues.data, now]);
  const title = `${dayLabel(keys[0]!)} – ${dayLabel(keys[6]!)}`;

  return (
    <section aria-label="Week" className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Previous week"
          onClick={() => onWeekChange(shiftDayKey(weekOf, -7)!)}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Next week"
          onClick={() => onWeekChange(shiftDayKey(weekOf, 7)!)}
        >
          <ChevronRight aria-hidden />
        </Button>
        <Button type="button" variant="outline" onClick={() => onWeekChange(today)}>
          This week
        </Button>
        <h2 className="ml-1 text-base font-semibold sm:text-lg" aria-live="polite">
          {title}
        </h2>
      </div>
      <TooltipProvider delayDuration={300}>
        <ol className="grid gap-3 md:grid-cols-7 md:gap-2">
          {keys.map((key) => {
            const dayPosts = byDay.get(key) ?? [];
            const free = freeByDay.get(key) ?? [];
            const past = key < today;
            return (
              <li
                key={key}
                aria-label={dayLabel(key)}
                data-day={key}
                className={cn(
                  "bg-card flex min-w-0 flex-col gap-2 rounded-lg border p-2 md:min-h-48",
                  key === today && "border-primary ring-primary/30 ring-2",
                )}
              >
                <div className="flex min-h-8 items-center justify-between gap-1">
                  <span
                    className={cn("text-sm font-semibold", key === today && "text-primary")}
                    aria-current={key === today ? "date" : undefined}
                  >
                    {shortDay(key)}
                  </span>
                  {!past && (
                    <Button asChild variant="ghost" size="icon-sm">
                      <Link href={newPostOn(key, today)} aria-label={`Create a post on ${dayLabel(key)}`}>
                        <Plus aria-hidden />
                      </Link>
                    </Button>
                  )}
                </div>
                {dayPosts.length === 0 && free.length === 0 && (
                  <p className="text-muted-foreground text-xs">No posts</p>
                )}
                {dayPosts.length > 0 && (
                  <ul className="grid gap-1" aria-label="Posts">
                    {dayPosts.map((post) => (
                      <li key={post.id}>
                        <ChipTooltip post={post}>
                          {(describedBy) => (
                            <button
                              type="button"
                              className="focus-visible:ring-ring/60 w-full rounded text-left outline-none focus-visible:ring-[3px]"
                              aria-describedby={describedBy}
                              onClick={() => onOpenPost(post)}
                            >
                              <PostChipBody post={post} />
                            </button>
                          )}
                        </ChipTooltip>
                      </li>
                    ))}
                  </ul>
                )}
                {free.length > 0 && (
                  <ul className="grid gap-1" aria-label="Free slots">
                    {free.map((slot) => (
                      <li key={`${slot.pageId}:${slot.at}`}>
                        <Link
                          href={`/create-post?pageId=${encodeURIComponent(slot.pageId)}&at=${encodeURIComponent(slot.at)}`}
                          aria-label={`Create a post for ${slot.pageName} at ${timeLabel(slot.at)}`}
                          className="text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-ring/60 flex min-w-0 items-center gap-1 rounded border border-dashed px-1 py-0.5 text-[0.7rem] outline-none focus-visible:ring-[3px]"
                        >
                          <Plus className="size-3 shrink-0" aria-hidden />
                          <span className="shrink-0 tabular-nums">{timeLabel(slot.at)}</span>
                          <span className="truncate">{slot.pageName}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      </TooltipProvider>
    </section>
  );
}
