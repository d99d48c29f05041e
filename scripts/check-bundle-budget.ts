/**
 * Fails the build when a route's first-load JavaScript is over its budget (lib/bundle-budget.ts).
 * Run after `next build` by `npm run build` and scripts/build-test.mjs; reads the build in
 * $NEXT_DIST_DIR (default .next). Budgets are the sizes measured on 2026-11-29 with modest headroom
 * (docs/decisions/0048-first-load-javascript-budget.md); raise one only with a reason in the commit.
 *
 *   npx tsx scripts/check-bundle-budget.ts
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import {
  checkBudgets,
  formatReport,
  measureRoutes,
  type BundleBudgets,
  type RouteBundleStat,
} from "../lib/bundle-budget";

/**
 * KiB of gzipped first-load JavaScript per route: the size measured on 2026-11-29 (after `cn` stopped
 * loading tailwind-merge, 8 KiB of every route) plus about 5 %, rounded up to 5 KiB. About 157 KiB
 * of every page is the shared part (React, Next's runtime, the providers and the top bar's
 * buttons); it was 204 KiB while the top bar's Radix menus came with it.
 */
export const BUDGETS: BundleBudgets = {
  defaultKiB: 300,
  routes: {
    "/": 170, // 159 KiB; 167 with tailwind-merge, 176 with the top bar's menus, 214 before sonner loaded with the
    // first toast, 273 while the root not-found imported the app shell and instrumentation zod
    "/_not-found": 165,
    "/analytics": 200, // 188 KiB; 389 KiB before recharts moved to a chunk of its own, 273 before zod left it
    "/auth/callback": 195,
    "/auth/callback/[platform]": 195,
    "/billing": 195, // 186 KiB; 214 while its two dialogs came with it, 270 while its messages came with the zod schemas
    "/chat": 195, // 182 KiB; 264 while the AI messages came with the zod schemas
    "/content": 210, // 196 KiB; 215 while its two confirmations came with it
    "/create-post": 245, // 232 KiB: twitter-text's count and link finder (lib/posts/x-text.ts; 245 with the
    // whole package), previews, the AI panel; 255 while twitter-text brought core-js 2's polyfills
    // (next.config.mjs); 272 while the disabled buttons' hints loaded Radix's tooltip with it; 334
    // before its five dialogs were loaded when first opened and zod when a draft is first checked
    "/dashboard": 200, // 191 KiB; 211 with the Connect dialog, 274 while the assistant and zod were in its first load
    "/forgot-password": 175,
    "/login": 185, // 174 KiB; 214 while its form checked the input with zod in the first load
    "/privacy": 165,
    "/register": 185,
    "/reset-password": 175,
    "/schedule": 240, // 226 KiB: the calendar with dnd-kit; 245 while its two dialogs came with it
    "/settings": 205, // 195 KiB; 215 with its dialogs, 270 while Profile and Security (zod forms) came with the first tab
    "/terms": 165,
  },
};

const root = path.resolve(import.meta.dirname, "..");
const distDir = path.resolve(root, process.env.NEXT_DIST_DIR || ".next");
const statsFile = path.join(distDir, "diagnostics", "route-bundle-stats.json");

if (!existsSync(statsFile)) {
  console.error(
    `Bundle budget: ${path.relative(root, statsFile)} is missing. Next.js writes it at the end of a Turbopack ` +
      "`next build`; build first, or update scripts/check-bundle-budget.ts if Next.js moved it.",
  );
  process.exit(1);
}
const stats = JSON.parse(readFileSync(statsFile, "utf8")) as RouteBundleStat[];
const gzipped = new Map<string, number>();
// Chunk paths are relative to the project directory the build ran in.
const sizeOf = (chunk: string) => {
  let size = gzipped.get(chunk);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.resolve(root, chunk)), { level: 9 }).length;
    gzipped.set(chunk, size);
  }
  return size;
};
// Route handlers ship no JavaScript to the browser; only pages have a first load.
const pages = stats.filter((stat) => stat.firstLoadChunkPaths.length > 0);
const report = checkBudgets(measureRoutes(pages, sizeOf), BUDGETS);
console.log(formatReport(report));
if (report.failures.length > 0) {
  console.error(`\nJavaScript budget exceeded:\n  ${report.failures.join("\n  ")}`);
  process.exit(1);
}
console.log("Every route is within its JavaScript budget.");
