import { dateTimeFormat } from "@/lib/format";
import { dayKey, fromWallClock, parseDayKey, wallClock } from "./calendar";

/** The Schedule Post modal's choices and messages (spec 'Create Post', section 8). */

export const SCHEDULE_MESSAGES = {
  future: "Please select a future date and time",
  scheduled: "Post scheduled successfully!",
  scheduleFailed: "Failed to schedule post",
  rescheduled: "Post rescheduled successfully",
  rescheduleFailed: "Failed to reschedule post",
  rescheduleError: "Error rescheduling post",
} as const;

export const SUGGESTED_TIMES = [
  { label: "Morning", hour: 9 },
  { label: "Lunch", hour: 12 },
  { label: "Afternoon", hour: 15 },
  { label: "Evening", hour: 18 },
  { label: "Prime Time", hour: 20 },
] as const;

export const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => hour);
export const MINUTE_OPTIONS = [0, 15, 30, 45] as const;

export const twoDigits = (value: number) => String(value).padStart(2, "0");

/** Today as the date input wants it ("YYYY-MM-DD" in the user's zone). */
export function todayInputValue(now: Date = new Date(), timeZone?: string): string {
  return dayKey(wallClock(now, timeZone));
}

/** The instant of a local wall-clock date and time; null for a malformed date. */
export function toScheduledDate(date: string, hour: number, minute: number, timeZone?: string): Date | null {
  const day = parseDayKey(date);
  if (!day) return null;
  return fromWallClock({ ...day, hour, minute, second: 0, millisecond: 0 }, timeZone);
}

const QUARTER_MS = 15 * 60_000;

/**
 * The first quarter hour at least an hour from now: the modal's default for a new schedule. Every
 * zone's offset is a whole number of quarter hours, so local quarter hours are UTC ones. The modal
 * can only name a wall-clock time, and in the hour repeated when clocks go back a time names the
 * first of its two instants; such a quarter hour would mean an instant too soon, so it is skipped.
 */
export function defaultScheduleTime(
  now: Date = new Date(),
  timeZone?: string,
): { date: string; hour: number; minute: number } {
  const first = Math.ceil((now.getTime() + 60 * 60_000) / QUARTER_MS) * QUARTER_MS;
  const choiceAt = (at: number) => {
    const clock = wallClock(new Date(at), timeZone);
    return { date: dayKey(clock), hour: clock.hour, minute: clock.minute };
  };
  // A day of quarter hours bounds the search (historical offsets need not be quarter hours).
  for (let at = first; at < first + 24 * 60 * 60_000; at += QUARTER_MS) {
    const choice = choiceAt(at);
    if (toScheduledDate(choice.date, choice.hour, choice.minute, timeZone)?.getTime() === at) return choice;
  }
  return choiceAt(first);
}

/**
 * The minutes the picker offers: the quarter hours, and a post's own minute when it has another
 * (09:10 stays 09:10: reopening the picker must never move a post's time unasked).
 */
export function minuteOptions(current: number): number[] {
  const options: readonly number[] = MINUTE_OPTIONS;
  return options.includes(current) ? [...options] : [...options, current].sort((a, b) => a - b);
}

export function isFutureDate(date: Date | null, now: Date = new Date()): date is Date {
  return date !== null && !Number.isNaN(date.getTime()) && date.getTime() > now.getTime();
}

/** "Wednesday, March 12, 2025 at 09:00 GMT" in the user's locale and zone, the zone named. */
export function formatLongDateTime(date: Date | string, locale?: string): string {
  const value = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return "Unknown date";
  return dateTimeFormat(locale, {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(value);
}
