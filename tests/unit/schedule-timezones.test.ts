import { afterEach, describe, expect, it } from "vitest";
import { calendarDayOf, dayKey, moveToDay, wallClock, type CalendarDay } from "@/lib/schedule/calendar";
import { postDayKey } from "@/lib/schedule/posts";
import { defaultScheduleTime, todayInputValue, toScheduledDate } from "@/lib/schedule/time";

/**
 * "A post scheduled for 09:00 goes out at 09:00 local time, across DST changes." Posts are stored
 * in UTC; the browser turns the wall-clock choice of the Schedule Post modal (and a calendar drag)
 * into that instant with the runtime's own zone. So each case runs that code under the zone itself
 * (process.env.TZ, which Node applies at once), and again through the explicit-zone path under an
 * unrelated runtime zone; both must give the instant written out by hand below.
 */

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

/** Runs `fn` as a browser in `zone` would: Date's local methods use that zone. */
function inZone<T>(zone: string, fn: () => T): T {
  process.env.TZ = zone;
  try {
    return fn();
  } finally {
    process.env.TZ = originalTz;
  }
}

const day = (key: string): CalendarDay => {
  const [year, month, date] = key.split("-").map(Number) as [number, number, number];
  return { year, month: month - 1, day: date };
};

const LONDON = "Europe/London";
const NEW_YORK = "America/New_York";
const KIRITIMATI = "Pacific/Kiritimati";
const UTC = "UTC";
/** A runtime zone unrelated to every case, for the explicit-zone path. */
const ELSEWHERE = "Asia/Kolkata";

it("switching process.env.TZ really changes the runtime's zone (or nothing below would prove anything)", () => {
  const winter = new Date("2025-01-15T12:00:00Z");
  expect(inZone(NEW_YORK, () => winter.getTimezoneOffset())).toBe(300);
  expect(inZone(LONDON, () => new Date("2025-07-15T12:00:00Z").getTimezoneOffset())).toBe(-60);
  expect(inZone(KIRITIMATI, () => winter.getTimezoneOffset())).toBe(-840);
  expect(inZone(UTC, () => winter.getTimezoneOffset())).toBe(0);
});

// [zone, local date, the UTC instant of 09:00 that day]: each DST change and the days either side.
const NINE_AM: [string, string, string][] = [
  [LONDON, "2025-03-29", "2025-03-29T09:00:00.000Z"], // GMT
  [LONDON, "2025-03-30", "2025-03-30T08:00:00.000Z"], // clocks went forward at 01:00 GMT: BST
  [LONDON, "2025-03-31", "2025-03-31T08:00:00.000Z"],
  [LONDON, "2025-10-25", "2025-10-25T08:00:00.000Z"], // BST
  [LONDON, "2025-10-26", "2025-10-26T09:00:00.000Z"], // clocks went back at 02:00 BST: GMT
  [LONDON, "2025-10-27", "2025-10-27T09:00:00.000Z"],
  [NEW_YORK, "2025-03-08", "2025-03-08T14:00:00.000Z"], // EST, UTC-5
  [NEW_YORK, "2025-03-09", "2025-03-09T13:00:00.000Z"], // forward at 02:00: EDT, UTC-4
  [NEW_YORK, "2025-03-10", "2025-03-10T13:00:00.000Z"],
  [NEW_YORK, "2025-11-01", "2025-11-01T13:00:00.000Z"], // EDT
  [NEW_YORK, "2025-11-02", "2025-11-02T14:00:00.000Z"], // back at 02:00: EST
  [NEW_YORK, "2025-11-03", "2025-11-03T14:00:00.000Z"],
  [KIRITIMATI, "2025-03-09", "2025-03-08T19:00:00.000Z"], // UTC+14: the previous UTC day
  [KIRITIMATI, "2025-01-01", "2024-12-31T19:00:00.000Z"], // and the previous UTC year
  [KIRITIMATI, "2025-11-02", "2025-11-01T19:00:00.000Z"],
  [UTC, "2025-03-09", "2025-03-09T09:00:00.000Z"],
  [UTC, "2025-03-30", "2025-03-30T09:00:00.000Z"],
  [UTC, "2025-10-26", "2025-10-26T09:00:00.000Z"],
];

describe("Schedule Post modal: a local date and time becomes the right UTC instant", () => {
  it.each(NINE_AM)("%s, 09:00 on %s is %s", (zone, date, expected) => {
    const chosen = inZone(zone, () => toScheduledDate(date, 9, 0));
    expect(chosen?.toISOString()).toBe(expected);
    expect(inZone(ELSEWHERE, () => toScheduledDate(date, 9, 0, zone))?.toISOString()).toBe(expected);
    // Shown back in the zone (the scheduler, the post's details): the same day at 09:00.
    expect(wallClock(chosen!, zone)).toMatchObject({ ...day(date), hour: 9, minute: 0 });
    expect(inZone(zone, () => [chosen!.getDate(), chosen!.getHours(), chosen!.getMinutes()])).toEqual([
      day(date).day,
      9,
      0,
    ]);
  });

  // Wall times that do not exist (spring) or exist twice (autumn) on the change days.
  it.each([
    [LONDON, "2025-03-30", 1, 30, "2025-03-30T01:30:00.000Z", "02:30"], // skipped: moves forward by the jump
    [LONDON, "2025-10-26", 1, 30, "2025-10-26T00:30:00.000Z", "01:30"], // repeated: the first (BST) one
    [NEW_YORK, "2025-03-09", 2, 30, "2025-03-09T07:30:00.000Z", "03:30"],
    [NEW_YORK, "2025-11-02", 1, 30, "2025-11-02T05:30:00.000Z", "01:30"],
  ])("%s, %s %i:%i is %s (shown as %s)", (zone, date, hour, minute, expected, shown) => {
    const chosen = inZone(zone, () => toScheduledDate(date, hour, minute));
    expect(chosen?.toISOString()).toBe(expected);
    expect(inZone(ELSEWHERE, () => toScheduledDate(date, hour, minute, zone))?.toISOString()).toBe(expected);
    const clock = wallClock(chosen!, zone);
    expect(`${String(clock.hour).padStart(2, "0")}:${String(clock.minute).padStart(2, "0")}`).toBe(shown);
  });

  it("'today' is the zone's date: across the date line it is already tomorrow", () => {
    const now = new Date("2025-06-15T12:00:00Z");
    expect(inZone(KIRITIMATI, () => todayInputValue(now))).toBe("2025-06-16");
    expect(inZone(NEW_YORK, () => todayInputValue(now))).toBe("2025-06-15");
    expect(todayInputValue(new Date("2025-06-15T23:30:00Z"), LONDON)).toBe("2025-06-16");
  });

  // The modal's default: the first quarter hour at least an hour away, and it must mean that instant.
  it.each([
    [LONDON, "2025-10-26T00:20:00Z", { date: "2025-10-26", hour: 2, minute: 0 }], // 01:30 then would be the earlier 01:30 (BST)
    [LONDON, "2025-03-30T00:20:00Z", { date: "2025-03-30", hour: 2, minute: 30 }], // 01:20 GMT + 1 h = 02:20 BST
    [NEW_YORK, "2025-11-02T05:10:00Z", { date: "2025-11-02", hour: 2, minute: 0 }],
    [NEW_YORK, "2025-03-09T06:50:00Z", { date: "2025-03-09", hour: 4, minute: 0 }], // 01:50 EST + 1 h = 03:50 EDT
    [KIRITIMATI, "2025-06-15T12:00:00Z", { date: "2025-06-16", hour: 3, minute: 0 }],
    [UTC, "2025-10-26T00:20:00Z", { date: "2025-10-26", hour: 1, minute: 30 }],
  ])("%s at %s defaults to %o, at least an hour ahead", (zone, now, expected) => {
    const choice = inZone(zone, () => defaultScheduleTime(new Date(now)));
    expect(choice).toEqual(expected);
    expect(inZone(ELSEWHERE, () => defaultScheduleTime(new Date(now), zone))).toEqual(expected);
    const at = inZone(zone, () => toScheduledDate(choice.date, choice.hour, choice.minute))!;
    expect(at.getTime() - Date.parse(now)).toBeGreaterThanOrEqual(60 * 60_000);
    expect(at.getTime() - Date.parse(now)).toBeLessThan(60 * 60_000 + 60 * 60_000);
  });
});

// [zone, the post's instant, the day it is dropped on, the new instant]: drag keeps the time of day.
const DRAGS: [string, string, string, string][] = [
  [LONDON, "2025-03-29T09:00:00.000Z", "2025-03-30", "2025-03-30T08:00:00.000Z"], // Sat 09:00 GMT → Sun 09:00 BST
  [LONDON, "2025-03-29T09:00:00.000Z", "2025-03-31", "2025-03-31T08:00:00.000Z"],
  [LONDON, "2025-03-31T08:00:00.000Z", "2025-03-28", "2025-03-28T09:00:00.000Z"], // and back
  [LONDON, "2025-10-25T08:00:00.000Z", "2025-10-26", "2025-10-26T09:00:00.000Z"],
  [LONDON, "2025-10-25T08:00:00.000Z", "2025-10-27", "2025-10-27T09:00:00.000Z"],
  [NEW_YORK, "2025-03-08T14:00:00.000Z", "2025-03-09", "2025-03-09T13:00:00.000Z"],
  [NEW_YORK, "2025-03-07T14:00:00.000Z", "2025-03-10", "2025-03-10T13:00:00.000Z"],
  [NEW_YORK, "2025-11-01T13:00:00.000Z", "2025-11-02", "2025-11-02T14:00:00.000Z"],
  [NEW_YORK, "2025-10-31T13:00:00.000Z", "2025-11-03", "2025-11-03T14:00:00.000Z"],
  [KIRITIMATI, "2025-12-30T19:00:00.000Z", "2026-01-01", "2025-12-31T19:00:00.000Z"], // 09:00 on the 31st → 1 January
  [UTC, "2025-03-29T09:00:00.000Z", "2025-03-31", "2025-03-31T09:00:00.000Z"],
];

describe("calendar drag: the post keeps its local time of day on the new day", () => {
  it.each(DRAGS)("%s: %s dropped on %s is %s", (zone, from, target, expected) => {
    const moved = inZone(zone, () => moveToDay(new Date(from), day(target)));
    expect(moved.toISOString()).toBe(expected);
    expect(inZone(ELSEWHERE, () => moveToDay(new Date(from), day(target), zone)).toISOString()).toBe(expected);
    const before = wallClock(new Date(from), zone);
    expect(wallClock(moved, zone)).toMatchObject({ ...day(target), hour: before.hour, minute: before.minute });
  });

  it("a time of day the target day skips moves forward by the jump, as the modal does", () => {
    const moved = inZone(LONDON, () => moveToDay(new Date("2025-03-29T01:30:00.000Z"), day("2025-03-30")));
    expect(moved.toISOString()).toBe("2025-03-30T01:30:00.000Z");
    expect(wallClock(moved, LONDON)).toMatchObject({ day: 30, hour: 2, minute: 30 });
  });

  it("the calendar puts a post on its local day, which is not the UTC day across the date line", () => {
    const post = { status: "scheduled" as const, scheduledAt: "2025-12-30T19:00:00.000Z", publishedAt: null };
    expect(inZone(KIRITIMATI, () => postDayKey(post))).toBe("2025-12-31");
    expect(inZone(NEW_YORK, () => postDayKey(post))).toBe("2025-12-30");
    expect(dayKey(calendarDayOf(new Date(post.scheduledAt), KIRITIMATI))).toBe("2025-12-31");
  });
});
