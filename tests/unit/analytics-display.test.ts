import { describe, expect, it } from "vitest";
import {
  bestTimeGrid,
  distributionValue,
  formatChange,
  formatPercent,
  hourLabel,
  partialViewsNote,
  rangeFor,
  VIEWS_UNAVAILABLE,
  viewsUnavailableReason,
} from "@/lib/analytics/display";

describe("formatPercent: a fraction with one decimal", () => {
  it.each([
    [0, "0.0%"],
    [0.05, "5.0%"],
    [0.0523, "5.2%"],
    [0.05249, "5.2%"],
    [0.0525, "5.3%"],
    [1, "100.0%"],
    [1.234, "123.4%"],
    [-0.0004, "0.0%"],
    [Number.NaN, "0.0%"],
  ])("%d → %s", (fraction, expected) => {
    expect(formatPercent(fraction)).toBe(expected);
  });
});

describe("formatChange: the card's change against the previous period", () => {
  it("signs a rise and a fall, with a true minus", () => {
    expect(formatChange(0.25)).toEqual({ text: "+25.0%", direction: "up" });
    expect(formatChange(-0.105)).toEqual({ text: "\u221210.5%", direction: "down" });
    expect(formatChange(2)).toEqual({ text: "+200.0%", direction: "up" });
  });

  it("shows no sign when it rounds to nothing", () => {
    expect(formatChange(0)).toEqual({ text: "0.0%", direction: "flat" });
    expect(formatChange(0.0004)).toEqual({ text: "0.0%", direction: "flat" });
  });

  it("gives null (no line on the card) when there is nothing to compare with", () => {
    expect(formatChange(null)).toBeNull();
    expect(formatChange(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe("rangeFor: the chips count back from now", () => {
  const now = new Date("2026-03-29T12:00:00.000Z");

  it.each([
    ["7d", "2026-03-22T12:00:00.000Z"],
    ["30d", "2026-02-27T12:00:00.000Z"],
    ["90d", "2025-12-29T12:00:00.000Z"],
  ] as const)("%s starts %s and ends now", (id, start) => {
    expect(rangeFor(id, now)).toEqual({ startDate: start, endDate: "2026-03-29T12:00:00.000Z" });
  });

  it("All Time sends no dates", () => {
    expect(rangeFor("all", now)).toEqual({});
  });
});

describe("distributionValue", () => {
  it("adds views, likes, shares and comments", () => {
    expect(distributionValue({ views: 100, likes: 7, shares: 2, comments: 3 })).toBe(112);
  });
});

describe("bestTimeGrid: the weekday × hour grid", () => {
  it("lays out 7 rows of 24 hours, Monday first, empty cells at zero", () => {
    const { rows, best } = bestTimeGrid([]);
    expect(rows).toHaveLength(7);
    expect(rows.every((row) => row.length === 24)).toBe(true);
    expect(rows[0]?.[0]).toEqual({ weekday: 0, hour: 0, posts: 0, engagementRate: 0, intensity: 0 });
    expect(best).toBeNull();
  });

  it("places each cell, shades it against the best rate and names the best", () => {
    const { rows, best } = bestTimeGrid([
      { weekday: 1, hour: 9, posts: 4, engagementRate: 0.02 },
      { weekday: 4, hour: 18, posts: 2, engagementRate: 0.08 },
      { weekday: 6, hour: 23, posts: 1, engagementRate: 0.04 },
    ]);
    expect(rows[1]?.[9]).toMatchObject({ posts: 4, engagementRate: 0.02, intensity: 0.25 });
    expect(rows[4]?.[18]).toMatchObject({ posts: 2, intensity: 1 });
    expect(rows[6]?.[23]).toMatchObject({ posts: 1, intensity: 0.5 });
    expect(best).toMatchObject({ weekday: 4, hour: 18 });
  });

  it("breaks a tie of rates by more posts, then the earlier weekday and hour", () => {
    expect(
      bestTimeGrid([
        { weekday: 3, hour: 10, posts: 2, engagementRate: 0.05 },
        { weekday: 2, hour: 11, posts: 5, engagementRate: 0.05 },
        { weekday: 2, hour: 8, posts: 5, engagementRate: 0.05 },
      ]).best,
    ).toMatchObject({ weekday: 2, hour: 8 });
  });

  it("drops cells outside the week or the day and cells without posts", () => {
    const { rows, best } = bestTimeGrid([
      { weekday: 7, hour: 0, posts: 3, engagementRate: 0.1 },
      { weekday: 0, hour: 24, posts: 3, engagementRate: 0.1 },
      { weekday: 0, hour: 5, posts: 0, engagementRate: 0.9 },
    ]);
    expect(rows.flat().every((cell) => cell.posts === 0)).toBe(true);
    expect(best).toBeNull();
  });

  it("gives every cell zero intensity when all rates are zero (zero views)", () => {
    const { rows, best } = bestTimeGrid([{ weekday: 0, hour: 12, posts: 3, engagementRate: 0 }]);
    expect(rows[0]?.[12]).toMatchObject({ posts: 3, intensity: 0 });
    expect(best).toMatchObject({ weekday: 0, hour: 12 });
  });
});

describe("hourLabel", () => {
  it("pads the hour", () => {
    expect(hourLabel(9)).toBe("09:00");
    expect(hourLabel(23)).toBe("23:00");
  });
});

describe("unavailable views", () => {
  it("have an explanation for screen readers, and a partial total says how many pages it leaves out", () => {
    expect(VIEWS_UNAVAILABLE).toContain("Views unavailable");
    expect(viewsUnavailableReason("facebook")).toContain("read_insights");
    expect(viewsUnavailableReason("linkedin")).toContain("LinkedIn does not share");
    expect(partialViewsNote(0)).toBeNull();
    expect(partialViewsNote(1)).toBe("not counting 1 page whose views are unavailable");
    expect(partialViewsNote(2)).toBe("not counting 2 pages whose views are unavailable");
  });
});
