import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "@/lib/analytics/csv";
import {
  add,
  bestTimeGrid,
  cardChanges,
  cardValues,
  change,
  delta,
  fillIntervals,
  intervalStart,
  localDay,
  nextSyncAt,
  readsPerPost,
  ZERO,
} from "@/lib/analytics/metrics-math";
import { resolveRange } from "@/lib/analytics/server/range";
import { syncPhase } from "@/lib/analytics/server/sync-phase";
import { BEST_TIME_MIN_POSTS, engagementRate, topPostsQuerySchema } from "@/lib/analytics/schemas";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("rollup and delta arithmetic", () => {
  it("a reading adds its growth over the previous one, also negative; growth sums back to the last reading", () => {
    const readings = [
      { views: 10, likes: 2, comments: 0, shares: 0, reach: 7 },
      { views: 25, likes: 5, comments: 1, shares: 1, reach: 17 },
      { views: 40, likes: 4, comments: 1, shares: 2, reach: 28 },
    ];
    let previous = ZERO;
    let total = ZERO;
    const growth = readings.map((reading) => {
      const step = delta(previous, reading);
      previous = reading;
      total = add(total, step);
      return step;
    });
    expect(growth[2]).toEqual({ views: 15, likes: -1, comments: 0, shares: 1, reach: 11 });
    expect(total).toEqual(readings[2]);
    // The same reading twice adds nothing the second time.
    expect(delta(readings[2]!, readings[2]!)).toEqual(ZERO);
  });

  it("an unavailable figure (null) adds no growth, and is never taken for 0 views", () => {
    const withoutViews = { views: null, likes: 3, comments: 1, shares: 0, reach: null };
    expect(delta(ZERO, withoutViews)).toEqual({ views: 0, likes: 3, comments: 1, shares: 0, reach: 0 });
    expect(delta(withoutViews, { ...withoutViews, likes: 5 })).toEqual({
      views: 0,
      likes: 2,
      comments: 0,
      shares: 0,
      reach: 0,
    });
    // A figure that becomes available counts whole, as a first reading does.
    expect(delta(withoutViews, { ...withoutViews, views: 40, reach: 30 })).toMatchObject({ views: 40, reach: 30 });
  });

  it("engagement rate is (likes + comments + shares) / views, and 0 without views", () => {
    expect(engagementRate({ views: 200, likes: 10, comments: 4, shares: 6 })).toBe(0.1);
    expect(engagementRate({ views: 0, likes: 3, comments: 1, shares: 0 })).toBe(0);
    expect(cardValues(ZERO, 0).avgEngagementRate).toBe(0);
  });

  it("each card's change is against the previous period; none for all time or a previous zero", () => {
    expect(change(150, 100)).toBe(0.5);
    expect(change(50, 100)).toBe(-0.5);
    expect(change(10, 0)).toBeNull();
    expect(change(10, null)).toBeNull();
    const now = cardValues({ views: 300, likes: 30, comments: 0, shares: 0, reach: 100 }, 3);
    const before = cardValues({ views: 200, likes: 10, comments: 0, shares: 0, reach: 0 }, 2);
    const changes = cardChanges(now, before);
    expect(changes.totalViews).toBe(0.5);
    expect(changes.totalLikes).toBe(2);
    expect(changes.totalPosts).toBe(0.5);
    expect(changes.totalReach).toBeNull();
    expect(changes.avgEngagementRate).toBeCloseTo((0.1 - 0.05) / 0.05);
    expect(Object.values(cardChanges(now, null)).every((value) => value === null)).toBe(true);
  });
});

describe("days in the user's zone", () => {
  it("00:30 on a daylight-saving day is that local day, not the day before", () => {
    // New York falls back on 1 Nov 2026: 00:30 EDT is 04:30 UTC (with EST's offset it would be 31 Oct).
    expect(localDay(new Date("2026-11-01T04:30:00Z"), "America/New_York")).toBe("2026-11-01");
    expect(localDay(new Date("2026-11-01T03:59:59Z"), "America/New_York")).toBe("2026-10-31");
    // London springs forward on 29 Mar 2026 at 01:00 UTC: 00:30 local is 00:30 UTC.
    expect(localDay(new Date("2026-03-29T00:30:00Z"), "Europe/London")).toBe("2026-03-29");
  });

  it("a range's days are bounded by local midnights, the fall-back day lasting 25 hours", () => {
    const range = resolveRange({ startDate: "2026-11-01", endDate: "2026-11-01" }, "America/New_York");
    expect(range.startAt!.toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(range.endAt.toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(range.previous).toMatchObject({ startDay: "2026-10-31", endDay: "2026-10-31" });
    // A date-time names the local day it falls on.
    const fromInstants = resolveRange(
      { startDate: "2026-11-01T04:30:00Z", endDate: "2026-11-07T12:00:00Z" },
      "America/New_York",
    );
    expect(fromInstants).toMatchObject({ startDay: "2026-11-01", endDay: "2026-11-07" });
    expect(fromInstants.previous).toMatchObject({ startDay: "2026-10-25", endDay: "2026-10-31" });
    expect(resolveRange({}, "UTC", new Date("2026-05-05T10:00:00Z"))).toMatchObject({
      startDay: null,
      endDay: "2026-05-05",
      previous: null,
    });
  });

  it("refuses an end before the start, also when only the local days say so", () => {
    expect(
      topPostsQuerySchema.safeParse({ startDate: "2026-03-02", endDate: "2026-03-01" }).error?.issues[0]?.message,
    ).toBe("endDate must not be before startDate.");
    // 00:30 UTC on 29 Mar is still 28 Mar in New York.
    expect(() =>
      resolveRange({ startDate: "2026-03-29", endDate: "2026-03-29T00:30:00Z" }, "America/New_York"),
    ).toThrow("endDate must not be before startDate.");
  });

  it("intervals start on the day, the Monday, or the 1st, and empty ones are filled with zeros", () => {
    expect(intervalStart("2026-11-05", "week")).toBe("2026-11-02");
    expect(intervalStart("2026-11-05", "month")).toBe("2026-11-01");
    const filled = fillIntervals(
      [{ date: "2026-12-01", views: 5, likes: 1, comments: 0, shares: 0 }],
      "2026-10-15",
      "2027-01-03",
      "month",
    );
    expect(filled.map((point) => point.date)).toEqual(["2026-10-01", "2026-11-01", "2026-12-01", "2027-01-01"]);
    expect(filled[2]!.views).toBe(5);
    expect(fillIntervals([], "2026-11-01", "2026-11-03", "day")).toHaveLength(3);
  });
});

describe("best time to post", () => {
  const row = (weekday: number, hour: number, posts: number, views: number, interactions: number) => ({
    weekday,
    hour,
    posts,
    views,
    interactions,
  });

  it("is hidden below the threshold of posts and shows views-weighted rates with post counts above it", () => {
    const few = bestTimeGrid([row(0, 9, BEST_TIME_MIN_POSTS - 1, 900, 90)], "Europe/London");
    expect(few).toMatchObject({ available: false, cells: [], totalPosts: BEST_TIME_MIN_POSTS - 1 });
    const grid = bestTimeGrid([row(4, 18, 4, 1000, 30), row(0, 9, 6, 400, 40), row(2, 12, 0, 0, 0)], "UTC");
    expect(grid.available).toBe(true);
    expect(grid.totalPosts).toBe(10);
    expect(grid.cells).toEqual([
      { weekday: 0, hour: 9, posts: 6, engagementRate: 0.1 },
      { weekday: 4, hour: 18, posts: 4, engagementRate: 0.03 },
    ]);
  });
});

describe("the sync's schedule", () => {
  const published = new Date("2026-06-01T09:00:00Z");
  const at = (ms: number) => new Date(published.getTime() + ms);
  const phase = syncPhase("account", "page");

  it("reads every 15 minutes for a day, hourly for a week, daily to 90 days, then stops", () => {
    const gap = (age: number) => nextSyncAt(published, at(age), phase)!.getTime() - at(age).getTime();
    expect(gap(MINUTE)).toBeLessThanOrEqual(15 * MINUTE);
    expect(gap(2 * DAY)).toBeLessThanOrEqual(HOUR);
    expect(gap(2 * DAY)).toBeGreaterThan(0);
    expect(gap(30 * DAY)).toBeLessThanOrEqual(DAY);
    expect(nextSyncAt(published, at(90 * DAY + MINUTE), phase)).toBeNull();
    // Successive reads in the first day are exactly 15 minutes apart.
    const first = nextSyncAt(published, at(MINUTE), phase)!;
    expect(nextSyncAt(published, first, phase)!.getTime() - first.getTime()).toBe(15 * MINUTE);
    expect(readsPerPost()).toBe(96 + 144 + 83);
  });

  it("a page's posts of one stage are due together; pages are spread over the interval", () => {
    const now = at(MINUTE);
    const a = nextSyncAt(published, now, syncPhase("account-a", "page"))!.getTime();
    expect(nextSyncAt(new Date(published.getTime() + 7 * MINUTE), now, syncPhase("account-a", "page"))!.getTime()).toBe(
      a,
    );
    const times = new Set(
      Array.from(
        { length: 50 },
        (_, i) => nextSyncAt(published, now, syncPhase(`account-${i}`, "page"))!.getTime() % (15 * MINUTE),
      ),
    );
    expect(times.size).toBeGreaterThan(40);
  });
});

describe("CSV export", () => {
  it("quotes commas, quotes and line breaks, and defuses formulas", () => {
    expect(csvCell('Say "hi", all\nnow')).toBe('"Say ""hi"", all\nnow"');
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@cmd")).toBe("'@cmd");
    expect(csvCell(-2)).toBe("-2");
    expect(csvCell(null)).toBe("");
    expect(toCsv(["a", "b"], [[1, "x,y"]])).toBe('a,b\r\n1,"x,y"\r\n');
  });
});
