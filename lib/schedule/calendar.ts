/**
 * Pure date math of the scheduler (no React, no I/O). Calendar days are the workspace's local days: the
 * browser's time zone by default, or an explicit IANA zone (tests, and anyone who needs a fixed zone).
 */

export const WEEKDAY_LABELS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** A calendar day, month 0-11 as in `Date`. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

export interface WallClock extends CalendarDay {
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

export interface MonthCell extends CalendarDay {
  /** "YYYY-MM-DD", stable across renders. */
  key: string;
  inMonth: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (value: number, length = 2) => String(value).padStart(length, "0");

export function dayKey({ year, month, day }: CalendarDay): string {
  return `${pad(year, 4)}-${pad(month + 1)}-${pad(day)}`;
}

/** "YYYY-MM-DD" → a day; null when malformed. */
export function parseDayKey(key: string): CalendarDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const check = new Date(Date.UTC(year, month, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of an instant, in `timeZone` or (without one) the runtime's local zone. */
export function wallClock(date: Date, timeZone?: string): WallClock {
  if (!timeZone) {
    return {
      year: date.getFullYear(),
      month: date.getMonth(),
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
      second: date.getSeconds(),
      millisecond: date.getMilliseconds(),
    };
  }
  const parts: Record<string, number> = {};
  for (const part of zoneFormatter(timeZone).formatToParts(date)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: (parts.month ?? 1) - 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    millisecond: date.getMilliseconds(),
  };
}

function wallAsUtc(clock: WallClock): number {
  return Date.UTC(clock.year, clock.month, clock.day, clock.hour, clock.minute, clock.second, clock.millisecond);
}

/**
 * The instant showing `clock` on the wall in `timeZone` (local zone without one). A wall time skipped
 * by a DST jump moves forward by the jump, as `new Date(y, m, d, h, min)` does in browsers.
 */
export function fromWallClock(clock: WallClock, timeZone?: string): Date {
  if (!timeZone) {
    return new Date(clock.year, clock.month, clock.day, clock.hour, clock.minute, clock.second, clock.millisecond);
  }
  const target = wallAsUtc(clock);
  const offsetAt = (instant: number) => wallAsUtc(wallClock(new Date(instant), timeZone)) - instant;
  // The zone's offsets a day either side cover any single DST change near the target.
  const before = target - offsetAt(target - DAY_MS);
  const after = target - offsetAt(target + DAY_MS);
  const valid = [before, after].filter((instant) => offsetAt(instant) === target - instant);
  // Repeated hour (autumn): the earlier instant. Skipped hour (spring): the offset from before the jump.
  return new Date(valid.length > 0 ? Math.min(...valid) : before);
}

export function calendarDayOf(date: Date, timeZone?: string): CalendarDay {
  const { year, month, day } = wallClock(date, timeZone);
  return { year, month, day };
}

export function isSameDay(a: Date, b: Date, timeZone?: string): boolean {
  return dayKey(calendarDayOf(a, timeZone)) === dayKey(calendarDayOf(b, timeZone));
}

/** The same wall-clock time of day on another calendar day (DST-safe): what dragging a post does. */
export function moveToDay(date: Date, target: CalendarDay, timeZone?: string): Date {
  const clock = wallClock(date, timeZone);
  return fromWallClock({ ...clock, year: target.year, month: target.month, day: target.day }, timeZone);
}

/** The weeks (Sun-Sat) covering a month: 4 to 6 rows of 7 days, with the neighbours' days marked. */
export function monthGrid(year: number, month: number): MonthCell[] {
  // Calendar arithmetic only: UTC dates avoid any DST hour ever shifting a day.
  const first = new Date(Date.UTC(year, month, 1));
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const leading = first.getUTCDay();
  const total = Math.ceil((leading + daysInMonth) / 7) * 7;
  const cells: MonthCell[] = [];
  for (let index = 0; index < total; index++) {
    const date = new Date(Date.UTC(year, month, 1 - leading + index));
    const day = { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() };
    cells.push({ ...day, key: dayKey(day), inMonth: day.month === month && day.year === year });
  }
  return cells;
}

/** The first day of the month `delta` months away. */
export function addMonths({ year, month }: Pick<CalendarDay, "year" | "month">, delta: number) {
  const date = new Date(Date.UTC(year, month + delta, 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() };
}

export function compareDays(a: CalendarDay, b: CalendarDay): number {
  return dayKey(a).localeCompare(dayKey(b));
}

/** The "YYYY-MM-DD" key `days` days after (or before) `key`; null for a malformed key. */
export function shiftDayKey(key: string, days: number): string | null {
  const day = parseDayKey(key);
  if (!day) return null;
  const date = new Date(Date.UTC(day.year, day.month, day.day + days));
  return dayKey({ year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() });
}

/** The week (Sun–Sat, as the month grid's rows) holding `key`: seven day keys; [] for a malformed key. */
export function weekKeys(key: string): string[] {
  const day = parseDayKey(key);
  if (!day) return [];
  const sunday = -new Date(Date.UTC(day.year, day.month, day.day)).getUTCDay();
  return Array.from({ length: 7 }, (_, index) => shiftDayKey(key, sunday + index)!);
}
