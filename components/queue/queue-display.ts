import { postTitle } from "@/components/content/post-display";
import { dateTimeFormat } from "@/lib/format";
import type { PageQueueDto, QueueEntryDto, QueuePostDto, QueueSlot } from "@/lib/queue/schemas";
import { dayKey, wallClock } from "@/lib/schedule/calendar";
import { twoDigits } from "@/lib/schedule/time";

/** Pure display rules of the queue view and its slot editor (no React, no I/O), unit-tested. */

/** The weekdays as the slots count them, Monday 0 … Sunday 6. */
export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** "09:05": a minute of the day on the 24-hour clock. */
export function minuteLabel(minute: number): string {
  return `${twoDigits(Math.floor(minute / 60))}:${twoDigits(minute % 60)}`;
}

/** "09:05": an instant on the queue's wall clock. */
export function slotTime(iso: string, timeZone: string): string {
  return dateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(iso));
}

/** "Mon 7 Dec": the queue's day of an instant. */
export function slotDay(iso: string, timeZone: string): string {
  return dateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone }).format(new Date(iso));
}

export interface QueueDay {
  key: string;
  label: string;
  entries: QueueEntryDto[];
}

/** The upcoming entries by the queue's days, in the order they come. */
export function groupByDay(entries: readonly QueueEntryDto[], timeZone: string): QueueDay[] {
  const days: QueueDay[] = [];
  for (const entry of entries) {
    const key = dayKey(wallClock(new Date(entry.at), timeZone));
    const last = days.at(-1);
    if (last?.key === key) last.entries.push(entry);
    else days.push({ key, label: slotDay(entry.at, timeZone), entries: [entry] });
  }
  return days;
}

/**
 * Where 'Move earlier' / 'Move later' send the post of `entries[index]`: the page's previous or
 * next upcoming slot that is empty or holds only queued posts (the server swaps them). A slot that
 * a post holds at a time of its own is stepped over: that post stays, and two posts would go out
 * at one minute. Null at either end of the view.
 */
export function neighbourSlot(entries: readonly QueueEntryDto[], index: number, direction: -1 | 1): string | null {
  const from = entries[index]?.at;
  if (from === undefined) return null;
  const ownTime = new Set(entries.filter((entry) => entry.post && !entry.post.queued).map((entry) => entry.at));
  for (let next = index + direction; next >= 0 && next < entries.length; next += direction) {
    const entry = entries[next]!;
    if (entry.at !== from && entry.slot && !ownTime.has(entry.at)) return entry.at;
  }
  return null;
}

/** A React key for an entry: two posts can share an instant. */
export const entryKey = (entry: QueueEntryDto) => `${entry.at}|${entry.post?.id ?? "empty"}`;

/** How a queued post is named in a row: its title, else its first line. */
export function queuePostName(post: Pick<QueuePostDto, "title" | "content">): string {
  return postTitle(post);
}

/** Where a queue's slots come from, when nobody has saved them yet; null once they are the page's own. */
export function slotsFromHint(slotsFrom: PageQueueDto["slotsFrom"]): string | null {
  if (slotsFrom === "best_times") return "Suggested from this page's best times";
  if (slotsFrom === "standard") return "Standard times: weekdays 09:00, 12:00 and 17:00";
  return null;
}

/** The slots of one weekday, earliest first. */
export function slotsOn(slots: readonly QueueSlot[], weekday: number): number[] {
  return slots
    .filter((slot) => slot.weekday === weekday)
    .map((slot) => slot.minute)
    .sort((a, b) => a - b);
}

/** Two slot lists hold the same slots, whatever their order. */
export function sameSlots(a: readonly QueueSlot[], b: readonly QueueSlot[]): boolean {
  const key = (slots: readonly QueueSlot[]) =>
    [...new Set(slots.map((slot) => slot.weekday * 1440 + slot.minute))].sort((x, y) => x - y);
  const left = key(a);
  const right = key(b);
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

/** The IANA zones a queue may follow: the runtime's list, with UTC and the queue's own zone in it. */
export function timeZoneChoices(own: string | null): string[] {
  const zones = new Set(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []);
  zones.add("UTC");
  if (own) zones.add(own);
  return [...zones].sort();
}
