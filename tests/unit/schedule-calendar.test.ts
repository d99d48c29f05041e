import { describe, expect, it } from "vitest";
import type { PostDto } from "@/lib/posts/schemas";
import {
  addMonths,
  calendarDayOf,
  dayKey,
  fromWallClock,
  isSameDay,
  monthGrid,
  moveToDay,
  parseDayKey,
  shiftDayKey,
  wallClock,
  weekKeys,
} from "@/lib/schedule/calendar";
import { filterAndSort, groupByDay, onPage, postPages, scheduleStats, schedulerPosts } from "@/lib/schedule/posts";
import { isFutureDate, minuteOptions, toScheduledDate } from "@/lib/schedule/time";

const NY = "America/New_York";
const BERLIN = "Europe/Berlin";

describe("monthGrid", () => {
  it("covers whole Sun-Sat weeks and marks the month's own days", () => {
    // March 2025 starts on a Saturday and has 31 days: 6 leading days, 6 rows.
    const cells = monthGrid(2025, 2);
    expect(cells).toHaveLength(42);
    expect(cells[0]?.key).toBe("2025-02-23");
    expect(cells[6]).toMatchObject({ key: "2025-03-01", inMonth: true });
    expect(cells[5]?.inMonth).toBe(false);
    expect(cells.filter((cell) => cell.inMonth)).toHaveLength(31);
    expect(cells.at(-1)?.key).toBe("2025-04-05");
  });

  it("uses four rows for a February that starts on Sunday", () => {
    const cells = monthGrid(2026, 1);
    expect(cells).toHaveLength(28);
    expect(cells[0]?.key).toBe("2026-02-01");
  });

  it("crosses year boundaries", () => {
    expect(addMonths({ year: 2025, month: 11 }, 1)).toEqual({ year: 2026, month: 0 });
    expect(addMonths({ year: 2025, month: 0 }, -1)).toEqual({ year: 2024, month: 11 });
    expect(monthGrid(2025, 11).at(-1)?.key).toBe("2026-01-03");
  });
});

describe("day keys", () => {
  it("round-trips and rejects impossible dates", () => {
    expect(parseDayKey("2025-03-09")).toEqual({ year: 2025, month: 2, day: 9 });
    expect(dayKey({ year: 2025, month: 2, day: 9 })).toBe("2025-03-09");
    expect(parseDayKey("2025-02-30")).toBeNull();
    expect(parseDayKey("9 March")).toBeNull();
  });

  it("shifts by days and weeks across months, years and DST changes", () => {
    expect(shiftDayKey("2025-03-09", 1)).toBe("2025-03-10");
    expect(shiftDayKey("2025-03-31", 1)).toBe("2025-04-01");
    expect(shiftDayKey("2025-12-29", 7)).toBe("2026-01-05");
    expect(shiftDayKey("2024-03-01", -1)).toBe("2024-02-29");
    expect(shiftDayKey("2025-11-02", -7)).toBe("2025-10-26");
    expect(shiftDayKey("not a day", 1)).toBeNull();
  });
});

describe("same day in a time zone", () => {
  it("compares local days, not UTC days", () => {
    // 23:30 in New York on 9 March is already 10 March in UTC.
    const late = new Date("2025-03-10T03:30:00Z");
    const morning = new Date("2025-03-09T14:00:00Z");
    expect(isSameDay(late, morning, NY)).toBe(true);
    expect(isSameDay(late, morning, "UTC")).toBe(false);
    expect(calendarDayOf(late, NY)).toEqual({ year: 2025, month: 2, day: 9 });
  });
});

describe("moveToDay keeps the wall-clock time", () => {
  it("keeps 09:00 in New York across the March DST change", () => {
    const before = new Date("2025-03-07T14:00:00Z"); // Fri 09:00 EST (UTC-5)
    const moved = moveToDay(before, { year: 2025, month: 2, day: 10 }, NY); // Mon, EDT (UTC-4)
    expect(moved.toISOString()).toBe("2025-03-10T13:00:00.000Z");
    expect(wallClock(moved, NY)).toMatchObject({ day: 10, hour: 9, minute: 0 });
  });

  it("keeps 20:15 in New York across the November DST change", () => {
    const before = new Date("2025-10-31T00:15:00Z"); // Thu 30 Oct 20:15 EDT
    const moved = moveToDay(before, { year: 2025, month: 10, day: 3 }, NY);
    expect(moved.toISOString()).toBe("2025-11-04T01:15:00.000Z");
    expect(wallClock(moved, NY)).toMatchObject({ month: 10, day: 3, hour: 20, minute: 15 });
  });

  it("keeps 09:00 in Berlin across the last Sunday of March", () => {
    const before = new Date("2025-03-28T08:00:00Z"); // 09:00 CET
    const moved = moveToDay(before, { year: 2025, month: 2, day: 31 }, BERLIN);
    expect(moved.toISOString()).toBe("2025-03-31T07:00:00.000Z"); // 09:00 CEST
  });

  it("keeps seconds and milliseconds and works in the runtime's zone", () => {
    const before = new Date(2025, 5, 1, 14, 45, 30, 250);
    const moved = moveToDay(before, { year: 2025, month: 5, day: 20 });
    expect([
      moved.getDate(),
      moved.getHours(),
      moved.getMinutes(),
      moved.getSeconds(),
      moved.getMilliseconds(),
    ]).toEqual([20, 14, 45, 30, 250]);
  });

  it("moves a wall time skipped by the DST jump forward by the jump", () => {
    const skipped = fromWallClock({ year: 2025, month: 2, day: 9, hour: 2, minute: 30, second: 0, millisecond: 0 }, NY);
    expect(skipped.toISOString()).toBe("2025-03-09T07:30:00.000Z"); // 03:30 EDT
  });
});

describe("toScheduledDate", () => {
  it("turns a local date and time into the UTC instant", () => {
    expect(toScheduledDate("2025-03-10", 9, 0, NY)?.toISOString()).toBe("2025-03-10T13:00:00.000Z");
    expect(toScheduledDate("2025-01-10", 9, 0, NY)?.toISOString()).toBe("2025-01-10T14:00:00.000Z");
    expect(toScheduledDate("not a date", 9, 0)).toBeNull();
  });

  it("accepts only future instants", () => {
    const now = new Date("2025-03-10T12:00:00Z");
    expect(isFutureDate(new Date("2025-03-10T12:00:01Z"), now)).toBe(true);
    expect(isFutureDate(new Date("2025-03-10T12:00:00Z"), now)).toBe(false);
    expect(isFutureDate(null, now)).toBe(false);
  });

  it("offers the quarter hours, and keeps a post's own minute among them", () => {
    expect(minuteOptions(45)).toEqual([0, 15, 30, 45]);
    expect(minuteOptions(10)).toEqual([0, 10, 15, 30, 45]);
    expect(minuteOptions(59)).toEqual([0, 15, 30, 45, 59]);
  });
});

describe("scheduler posts", () => {
  const base = { platform: null, pages: [], publishedAt: null, scheduledAt: null };
  const posts = [
    { ...base, id: "draft", status: "draft" as const, scheduledAt: "2025-03-12T14:00:00Z" },
    { ...base, id: "failed", status: "failed" as const, scheduledAt: "2025-03-12T14:00:00Z" },
    { ...base, id: "scheduled-no-date", status: "scheduled" as const },
    {
      ...base,
      id: "s1",
      status: "scheduled" as const,
      scheduledAt: "2025-03-12T14:00:00Z",
      platform: "twitter" as const,
    },
    {
      ...base,
      id: "p1",
      status: "published" as const,
      publishedAt: "2025-03-10T15:00:00Z",
      platform: "facebook" as const,
    },
    {
      ...base,
      id: "p2",
      status: "published" as const,
      scheduledAt: "2025-03-10T13:00:00Z",
      platform: "linkedin" as const,
    },
  ];

  it("shows only dated scheduled and published posts", () => {
    expect(schedulerPosts(posts).map((post) => post.id)).toEqual(["s1", "p1", "p2"]);
  });

  it("counts scheduled, published today and total", () => {
    const shown = schedulerPosts(posts);
    expect(scheduleStats(shown, new Date("2025-03-10T20:00:00Z"), NY)).toEqual({
      scheduled: 1,
      publishedToday: 1,
      total: 3,
    });
  });

  it("filters, sorts by date or platform and groups by local day", () => {
    const shown = schedulerPosts(posts);
    expect(filterAndSort(shown, "all", "date").map((post) => post.id)).toEqual(["p2", "p1", "s1"]);
    expect(filterAndSort(shown, "all", "platform").map((post) => post.id)).toEqual(["p1", "p2", "s1"]);
    expect(filterAndSort(shown, "published", "date").map((post) => post.id)).toEqual(["p2", "p1"]);
    const groups = groupByDay(filterAndSort(shown, "all", "date"), NY);
    expect(groups.map((group) => [group.key, group.posts.map((post) => post.id)])).toEqual([
      ["2025-03-10", ["p2", "p1"]],
      ["2025-03-12", ["s1"]],
    ]);
  });
});

describe("weekKeys", () => {
  it("gives the Sunday-to-Saturday week holding a day, across a month and a year's end", () => {
    expect(weekKeys("2026-12-04")).toEqual([
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
    ]);
    expect(weekKeys("2027-01-02")[0]).toBe("2026-12-27");
    expect(weekKeys("2026-11-29")[0]).toBe("2026-11-29");
    expect(weekKeys("not a day")).toEqual([]);
  });
});

describe("the scheduler's page filter", () => {
  const post = (id: string, pages: [string | null, string][]) =>
    ({ id, pages: pages.map(([pageId, pageName]) => ({ pageId, pageName })) }) as unknown as PostDto;

  it("offers each page the posts go to once, by name, and keeps the posts of the one chosen", () => {
    const posts = [
      post("a", [
        ["p2", "North Bakery"],
        ["p1", "Corner Bakery"],
      ]),
      post("b", [["p2", "North Bakery"]]),
      post("c", [[null, "Gone Page"]]),
    ];
    expect(postPages(posts)).toEqual([
      { id: "p1", name: "Corner Bakery" },
      { id: "p2", name: "North Bakery" },
    ]);
    expect(onPage(posts, "p1").map((p) => p.id)).toEqual(["a"]);
    expect(onPage(posts, "p2").map((p) => p.id)).toEqual(["a", "b"]);
    expect(onPage(posts, null).map((p) => p.id)).toEqual(["a", "b", "c"]);
  });
});
