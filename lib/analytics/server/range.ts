import { fromWallClock, parseDayKey, shiftDayKey } from "@/lib/schedule/calendar";
import { badRequest } from "@/lib/server/api/errors";
import { analyticsMessages, type DateRangeQuery } from "../schemas";
import { localDay } from "../metrics-math";

/**
 * A query's dates as the workspace's local days. Analytics counts whole days in the workspace's zone: a
 * date-time names the local day it falls on; a start alone runs to today; no start is all time.
 * `startAt`/`endAt` are the instants bounding those days (end exclusive), DST-correct.
 */
export interface DayRange {
  timeZone: string;
  startDay: string | null;
  endDay: string;
  startAt: Date | null;
  endAt: Date;
  /** The previous period of the same length, ending the day before `startDay`; null for all time. */
  previous: { startDay: string; endDay: string; startAt: Date; endAt: Date } | null;
}

const asDay = (value: string, timeZone: string) => (value.length === 10 ? value : localDay(new Date(value), timeZone));

export function startOfDay(day: string, timeZone: string): Date {
  const parsed = parseDayKey(day)!;
  return fromWallClock({ ...parsed, hour: 0, minute: 0, second: 0, millisecond: 0 }, timeZone);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function resolveRange(query: DateRangeQuery, timeZone: string, now: Date = new Date()): DayRange {
  const startDay = query.startDate ? asDay(query.startDate, timeZone) : null;
  const endDay = query.endDate ? asDay(query.endDate, timeZone) : localDay(now, timeZone);
  // The schema compared the instants; a date and a date-time can still name days the other way round.
  if (startDay && startDay > endDay) throw badRequest(analyticsMessages.endBeforeStart);
  const endAt = startOfDay(shiftDayKey(endDay, 1)!, timeZone);
  if (!startDay) return { timeZone, startDay, endDay, startAt: null, endAt, previous: null };
  const length = daysBetween(startDay, endDay) + 1;
  const previousStart = shiftDayKey(startDay, -length)!;
  const previousEnd = shiftDayKey(startDay, -1)!;
  return {
    timeZone,
    startDay,
    endDay,
    startAt: startOfDay(startDay, timeZone),
    endAt,
    previous: {
      startDay: previousStart,
      endDay: previousEnd,
      startAt: startOfDay(previousStart, timeZone),
      endAt: startOfDay(startDay, timeZone),
    },
  };
}
