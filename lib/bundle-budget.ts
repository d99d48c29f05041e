/**
 * The per-route first-load JavaScript budget (issue 18), checked after every `next build` by
 * scripts/check-bundle-budget.ts. A route's first load is every script its first visit downloads:
 * the shared runtime and the chunks of its layouts and page, counted once each, gzipped (what
 * travels; `next start` compresses). Kept as pure functions so tests/unit/bundle-budget.test.ts
 * can prove the check fails when it should.
 */

/** One route of Next's build diagnostics (<distDir>/diagnostics/route-bundle-stats.json). */
export interface RouteBundleStat {
  route: string;
  firstLoadUncompressedJsBytes: number;
  firstLoadChunkPaths: string[];
}

export interface BundleBudgets {
  /** Any route not listed in `routes`, so a new page is covered before anyone names it. */
  defaultKiB: number;
  routes: Record<string, number>;
}

export interface RouteBudgetResult {
  route: string;
  bytes: number;
  budgetKiB: number;
  over: boolean;
}

export interface BudgetReport {
  results: RouteBudgetResult[];
  /** One line per failure, naming the route, its size and its budget. */
  failures: string[];
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Sums each route's first-load chunks with `sizeOf` (gzipped bytes of a chunk path). */
export function measureRoutes(
  stats: RouteBundleStat[],
  sizeOf: (chunkPath: string) => number,
): { route: string; bytes: number }[] {
  return stats.map((stat) => ({
    route: stat.route,
    bytes: [...new Set(stat.firstLoadChunkPaths.filter((file) => file.endsWith(".js")))].reduce(
      (sum, file) => sum + sizeOf(file),
      0,
    ),
  }));
}

/**
 * Compares each route with its budget. Fails, too, when there is nothing to compare (Next wrote no
 * routes: the check would otherwise pass by doing nothing) and when a budgeted route is no longer
 * built (a renamed page keeps no stale budget).
 */
export function checkBudgets(measured: { route: string; bytes: number }[], budgets: BundleBudgets): BudgetReport {
  const failures: string[] = [];
  if (measured.length === 0)
    failures.push("No routes in the build's bundle statistics: cannot check the JavaScript budget.");
  const results = measured
    .map(({ route, bytes }) => {
      const budgetKiB = budgets.routes[route] ?? budgets.defaultKiB;
      return { route, bytes, budgetKiB, over: bytes > budgetKiB * 1024 };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
  for (const result of results)
    if (result.over)
      failures.push(
        `${result.route}: first-load JavaScript ${kib(result.bytes)} (gzip) is over its budget of ${result.budgetKiB} KiB`,
      );
  const built = new Set(measured.map((row) => row.route));
  for (const route of Object.keys(budgets.routes))
    if (measured.length > 0 && !built.has(route))
      failures.push(`${route}: has a budget but was not built (remove or rename its budget)`);
  return { results, failures };
}

/** The table printed after a build. */
export function formatReport(report: BudgetReport): string {
  const width = Math.max(5, ...report.results.map((r) => r.route.length));
  const lines = report.results.map(
    (r) =>
      `${r.route.padEnd(width)}  ${kib(r.bytes).padStart(10)}  / ${String(r.budgetKiB).padStart(4)} KiB  ${r.over ? "OVER" : "ok"}`,
  );
  return [`${"route".padEnd(width)}  first-load JS (gzip) / budget`, ...lines].join("\n");
}
