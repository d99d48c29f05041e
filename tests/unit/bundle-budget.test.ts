import { describe, expect, it } from "vitest";
import { checkBudgets, formatReport, measureRoutes, type RouteBundleStat } from "@/lib/bundle-budget";

const sizes: Record<string, number> = {
  "shared/runtime.js": 100 * 1024,
  "chunks/dashboard.js": 30 * 1024,
  "chunks/charts.js": 80 * 1024,
  "chunks/styles.css": 50 * 1024,
};
const sizeOf = (file: string) => sizes[file] ?? 0;

const stats: RouteBundleStat[] = [
  {
    route: "/dashboard",
    firstLoadUncompressedJsBytes: 0,
    // The runtime listed twice (layout and page) is downloaded once.
    firstLoadChunkPaths: ["shared/runtime.js", "chunks/dashboard.js", "shared/runtime.js", "chunks/styles.css"],
  },
  {
    route: "/analytics",
    firstLoadUncompressedJsBytes: 0,
    firstLoadChunkPaths: ["shared/runtime.js", "chunks/charts.js"],
  },
];

describe("first-load JavaScript budget", () => {
  it("sums each route's scripts once, leaving out stylesheets", () => {
    expect(measureRoutes(stats, sizeOf)).toEqual([
      { route: "/dashboard", bytes: 130 * 1024 },
      { route: "/analytics", bytes: 180 * 1024 },
    ]);
  });

  it("fails a route over its own budget and names its size and budget", () => {
    const report = checkBudgets(measureRoutes(stats, sizeOf), {
      defaultKiB: 500,
      routes: { "/analytics": 150, "/dashboard": 140 },
    });
    expect(report.failures).toEqual([
      "/analytics: first-load JavaScript 180.0 KiB (gzip) is over its budget of 150 KiB",
    ]);
    expect(report.results.map((r) => [r.route, r.over])).toEqual([
      ["/analytics", true],
      ["/dashboard", false],
    ]);
    expect(formatReport(report)).toMatch(/\/analytics\s+180\.0 KiB\s+\/\s+150 KiB\s+OVER/);
  });

  it("holds a route without its own budget to the default", () => {
    const report = checkBudgets(measureRoutes(stats, sizeOf), { defaultKiB: 135, routes: { "/analytics": 200 } });
    expect(report.failures).toEqual([]);
    const tight = checkBudgets(measureRoutes(stats, sizeOf), { defaultKiB: 129, routes: { "/analytics": 200 } });
    expect(tight.failures).toEqual([
      "/dashboard: first-load JavaScript 130.0 KiB (gzip) is over its budget of 129 KiB",
    ]);
  });

  it("a size exactly at the budget passes", () => {
    expect(checkBudgets([{ route: "/", bytes: 100 * 1024 }], { defaultKiB: 100, routes: {} }).failures).toEqual([]);
  });

  it("fails when there is nothing to check, and when a budgeted route is gone", () => {
    expect(checkBudgets([], { defaultKiB: 100, routes: {} }).failures).toHaveLength(1);
    expect(
      checkBudgets([{ route: "/", bytes: 1 }], { defaultKiB: 100, routes: { "/calendar": 100 } }).failures,
    ).toEqual(["/calendar: has a budget but was not built (remove or rename its budget)"]);
  });
});
