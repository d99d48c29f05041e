import { describe, expect, it } from "vitest";
import {
  abbreviateNumber,
  dateTimeFormat,
  formatCount,
  formatDateAndTime,
  formatInZone,
  initials,
  numberFormat,
  relativeSyncTime,
  splitVisible,
} from "@/lib/format";

describe("abbreviateNumber: K from 1,000, M from 1,000,000", () => {
  it.each([
    [0, "0"],
    [7, "7"],
    [999, "999"],
    [1_000, "1K"],
    [1_500, "1.5K"],
    [1_049, "1K"],
    [12_345, "12.3K"],
    [999_949, "999.9K"],
    [999_999, "1M"],
    [1_000_000, "1M"],
    [1_500_000, "1.5M"],
    [25_000_000, "25M"],
    [-1_500, "-1.5K"],
  ])("%d → %s", (n, expected) => {
    expect(abbreviateNumber(n)).toBe(expected);
  });

  it("shows a non-number as 0", () => {
    expect(abbreviateNumber(Number.NaN)).toBe("0");
    expect(abbreviateNumber(Number.POSITIVE_INFINITY)).toBe("0");
  });
});

describe("formatCount", () => {
  it("abbreviates and pluralises", () => {
    expect(formatCount(1, "follower")).toBe("1 follower");
    expect(formatCount(0, "follower")).toBe("0 followers");
    expect(formatCount(1_500, "follower")).toBe("1.5K followers");
    expect(formatCount(2, "reply", "replies")).toBe("2 replies");
  });
});

describe("relativeSyncTime", () => {
  const now = new Date("2025-06-01T12:00:00.000Z");
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const SECOND = 1_000;
  const MINUTE = 60 * SECOND;
  const HOUR = 60 * MINUTE;

  it("says 'Never' when never synced", () => {
    expect(relativeSyncTime(null, now)).toBe("Never");
    expect(relativeSyncTime("not a date", now)).toBe("Never");
  });

  it.each([
    [0, "Just now"],
    [59 * SECOND, "Just now"],
    [60 * SECOND, "1m ago"],
    [59 * MINUTE, "59m ago"],
    [59 * MINUTE + 59 * SECOND, "59m ago"],
    [60 * MINUTE, "1h ago"],
    [23 * HOUR + 59 * MINUTE, "23h ago"],
    [24 * HOUR, "1d ago"],
    [49 * HOUR, "2d ago"],
  ])("%d ms ago → %s", (ms, expected) => {
    expect(relativeSyncTime(ago(ms), now)).toBe(expected);
  });

  it("treats a time slightly in the future as just now", () => {
    expect(relativeSyncTime(new Date(now.getTime() + 5 * SECOND).toISOString(), now)).toBe("Just now");
  });

  it("uses the current time by default", () => {
    expect(relativeSyncTime(new Date().toISOString())).toBe("Just now");
  });
});

describe("initials", () => {
  it.each([
    ["Acme Coffee Roasters", "AR"],
    ["acme", "AC"],
    ["  ", "?"],
    [null, "?"],
  ])("%s → %s", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe("splitVisible", () => {
  it("keeps three and counts the rest", () => {
    expect(splitVisible(["a", "b", "c", "d", "e"])).toEqual({ visible: ["a", "b", "c"], hidden: 2 });
    expect(splitVisible(["a", "b"])).toEqual({ visible: ["a", "b"], hidden: 0 });
  });
});

describe("dateTimeFormat: one formatter per locale and options", () => {
  it("hands back the formatter it made for the same locale and options, and formats as Intl does", () => {
    const first = dateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
    expect(dateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" })).toBe(first);
    expect(first.format(new Date(Date.UTC(2026, 10, 26)))).toBe("26 Nov");
  });

  it("makes another for other options or another locale", () => {
    const short = dateTimeFormat("en-GB", { dateStyle: "short", timeZone: "UTC" });
    expect(dateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" })).not.toBe(short);
    expect(dateTimeFormat("de-DE", { dateStyle: "short", timeZone: "UTC" })).not.toBe(short);
    expect(
      dateTimeFormat("de-DE", { dateStyle: "short", timeZone: "UTC" }).format(new Date(Date.UTC(2026, 10, 26))),
    ).toBe("26.11.26");
  });
});

describe("numberFormat: one formatter per locale and options, made on first use", () => {
  it("hands back the formatter it made for the same locale and options, and formats as Intl does", () => {
    const twoDecimals = numberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(numberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe(twoDecimals);
    expect(twoDecimals.format(1234.5)).toBe("1,234.50");
    expect(numberFormat("en-US")).not.toBe(twoDecimals);
    expect(numberFormat("de-DE").format(12345)).toBe("12.345");
  });
});

describe("formatInZone", () => {
  it("shows the instant on the zone's wall clock, the zone named", () => {
    expect(formatInZone("2026-12-04T09:00:00Z", "Europe/Paris")).toBe("Dec 4, 2026, 10:00 GMT+1");
    expect(formatInZone("2026-07-04T09:00:00Z", "America/New_York", { weekday: true })).toBe(
      "Sat, Jul 4, 2026, 05:00 EDT",
    );
  });
});

describe("times are on the 24-hour clock, as the time pickers are", () => {
  it("whatever the language, unless a caller asks otherwise", () => {
    const at = new Date("2026-12-04T20:05:00Z");
    expect(dateTimeFormat("en-US", { timeStyle: "short", timeZone: "UTC" }).format(at)).toBe("20:05");
    expect(dateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(at)).toBe("20:05");
    expect(formatDateAndTime("2026-12-04T20:05:00Z", "en-US")).toMatch(/\b\d{2}:05$/);
    expect(dateTimeFormat("en-US", { timeStyle: "short", timeZone: "UTC", hour12: true }).format(at)).toBe("8:05 PM");
    // A date alone is left as it is.
    expect(dateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(at)).toBe("Dec 4, 2026");
  });
});
