import { fromWallClock, wallClock } from "@/lib/schedule/calendar";
import type { QueueSlot } from "./schemas";

/**
 * The instants of a queue's slots, on its wall clock: a slot names a weekday and a minute, and each
 * week that wall time is a new instant, so a slot at 09:00 stays at 09:00 across a DST change as a
 * scheduled post does. A slot in the hour skipped when clocks go forward falls at the instant the
 * schedule gives that wall time (moved forward by the jump, lib/schedule/calendar.ts); a slot in the
 * hour repeated when they go back is its first instant. Two slots meeting at one instant are one.
 */

const DAY_MS = 24 * 60 * 60_000;

/** Monday 0 … Sunday 6, as the slots count. */
export function queueWeekday(date: { year: number; month: number; day: number }): number {
  return (new Date(Date.UTC(date.year, date.month, date.day)).getUTCDay() + 6) % 7;
}

export function sortSlots(slots: readonly QueueSlot[]): QueueSlot[] {
  const unique = new Map(slots.map((slot) => [slot.weekday * 1440 + slot.minute, slot]));
  return [...unique.entries()].sort(([a], [b]) => a - b).map(([, slot]) => ({ ...slot }));
}

/** Every slot instant in [from, until), earliest first. */
export function slotInstants(slots: readonly QueueSlot[], timeZone: string, from: Date, until: Date): Date[] {
  if (slots.length === 0) return [];
  const byWeekday = new Map<number, number[]>();
  for (const slot of sortSlots(slots))
    byWeekday.set(slot.weekday, [...(byWeekday.get(slot.weekday) ?? []), slot.minute]);
  const instants = new Set<number>();
  // Calendar days on the queue's wall clock, from the day before `from`'s to the day after `until`'s
  // (counted as dates, not by adding 24 hours, which skips or repeats a day across a DST change).
  const first = wallClock(new Date(from.getTime() - DAY_MS), timeZone);
  const days = Math.ceil((until.getTime() - from.getTime()) / DAY_MS) + 3;
  for (let offset = 0; offset < days; offset++) {
    const date = new Date(Date.UTC(first.year, first.month, first.day + offset));
    const day = { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() };
    for (const minute of byWeekday.get(queueWeekday(day)) ?? []) {
      const instant = fromWallClock(
        { ...day, hour: Math.floor(minute / 60), minute: minute % 60, second: 0, millisecond: 0 },
        timeZone,
      ).getTime();
      if (instant >= from.getTime() && instant < until.getTime()) instants.add(instant);
    }
  }
  return [...instants].sort((a, b) => a - b).map((instant) => new Date(instant));
}

/** The first slot instant at or after `from` that `taken` (instants in ms) does not hold; null within the horizon. */
export function nextFreeSlot(
  slots: readonly QueueSlot[],
  timeZone: string,
  from: Date,
  taken: ReadonlySet<number>,
  horizonDays: number,
): Date | null {
  const until = new Date(from.getTime() + horizonDays * DAY_MS);
  return slotInstants(slots, timeZone, from, until).find((instant) => !taken.has(instant.getTime())) ?? null;
}
