/**
 * bench/main-thread: where a signed-in page's main-thread time goes while it loads, to find what
 * Lighthouse counts as blocking time. For each page, under Chromium's 4x CPU slowdown
 * (Lighthouse's mobile setting): the long tasks (over 50 ms) with what runs in them, then a CPU
 * profile attributed through the source maps to packages and to our files (inclusive time).
 * Needs a build with browser source maps:
 *
 *   PROFILE_SOURCE_MAPS=1 npm run build:test
 *   TEST_DIST_DIR=.next-test npx tsx bench/main-thread.ts [--pages /dashboard,/billing] [--seeded]
 *
 * The user is new (no data): what is measured is the page's own cost, not its data's. With
 * --seeded it is bench/lighthouse's user instead (a Page, drafts, scheduled and published posts
 * with figures, a chat), to see what the data adds to what Lighthouse measures.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import puppeteer, { type Page } from "puppeteer-core";
import { SourceMapConsumer } from "source-map";
import { startStack } from "../tests/setup/stack";
import { client } from "./http-client";
import { seedUser } from "./seed-user";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "/dashboard,/content,/schedule,/analytics,/settings,/billing" },
    chrome: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
    seeded: { type: "boolean", default: false },
  },
});
const DIST = process.env.TEST_DIST_DIR ?? ".next-test";
const SLOWDOWN = 4;

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string } };
}

const maps = new Map<string, SourceMapConsumer | null>();
function sourceMapOf(url: string): SourceMapConsumer | null {
  const file = url.split("/_next/")[1];
  if (!file) return null;
  if (!maps.has(file)) {
    const js = path.join(DIST, file);
    const ref = existsSync(js) ? /sourceMappingURL=(\S+)\s*$/.exec(readFileSync(js, "utf8"))?.[1] : undefined;
    const map = ref ? path.join(path.dirname(js), ref) : "";
    maps.set(file, map && existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, "utf8"))) : null);
  }
  return maps.get(file)!;
}

/** A profile frame's original file: `pkg:<package>` for node_modules, else the project path. */
function originOf(frame: { url: string; lineNumber: number; columnNumber: number; functionName: string }) {
  if (!frame.url) return `(${frame.functionName || "native"})`;
  const map = sourceMapOf(frame.url);
  // Frames without a position (lineNumber -1: the script's own evaluation) have no original line.
  if (!map || frame.lineNumber < 0) return path.basename(frame.url);
  const source = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber }).source ?? "?";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  return pkg ? `pkg:${pkg}` : source.replace(/^.*\[project\]\//, "").replace(/^turbopack:\/\/\//, "");
}

const ours = (origin: string) => /^(app|components|lib)\//.test(origin);
const top = (totals: Map<string, number>, n: number) =>
  [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, n);

async function longTasks(page: Page, url: string) {
  await page.tracing.start({ categories: ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"] });
  await page.goto(url, { waitUntil: "networkidle0" });
  const events = JSON.parse(Buffer.from((await page.tracing.stop())!).toString("utf8")).traceEvents as TraceEvent[];
  const tasks = events.filter((event) => event.name === "RunTask" && (event.dur ?? 0) >= 50_000);
  const start = Math.min(...events.filter((event) => event.name === "RunTask").map((event) => event.ts));
  let blocking = 0;
  for (const task of tasks) {
    blocking += (task.dur! - 50_000) / 1000;
    const inside = events
      .filter(
        (event) =>
          event.tid === task.tid &&
          event.ts >= task.ts &&
          event.ts < task.ts + task.dur! &&
          (event.dur ?? 0) > 5_000 &&
          ["EvaluateScript", "FunctionCall", "ParseHTML", "Layout", "UpdateLayoutTree", "TimerFire"].includes(
            event.name,
          ),
      )
      .slice(0, 4)
      .map(
        (event) =>
          `${event.name}${event.args?.data?.url ? ` ${path.basename(event.args.data.url)}` : ""} ${((event.dur ?? 0) / 1000).toFixed(0)} ms`,
      );
    console.log(
      `  long task at ${((task.ts - start) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(0)} ms (${inside.join(", ")})`,
    );
  }
  console.log(`  blocking time over 50 ms per task: ${blocking.toFixed(0)} ms`);
}

async function profile(page: Page, url: string) {
  const cdp = await page.createCDPSession();
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
  await page.goto(url, { waitUntil: "networkidle0" });
  const { profile } = await cdp.send("Profiler.stop");
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const origin = new Map(profile.nodes.map((node) => [node.id, originOf(node.callFrame)]));
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  profile.samples?.forEach((id, index) => {
    const ms = (profile.timeDeltas?.[index] ?? 0) / 1000;
    const here = origin.get(id)!;
    if (here === "((idle))" || here === "((program))") return;
    self.set(here, (self.get(here) ?? 0) + ms);
    const files = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node))
      if (ours(origin.get(node)!)) files.add(origin.get(node)!);
    for (const file of files) inclusive.set(file, (inclusive.get(file) ?? 0) + ms);
  });
  console.log(
    `  self time by package or file: ${top(self, 12)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(", ")}`,
  );
  console.log(
    `  our files, inclusive: ${top(inclusive, 12)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(", ")}`,
  );
}

async function newUserCookie(appUrl: string): Promise<string> {
  const user = client(appUrl);
  await user.call("POST", "/api/auth/register", {
    name: "Main Thread",
    email: `main-thread-${Date.now()}@example.com`,
    password: "bench-password",
    password2: "bench-password",
  });
  return user.cookie();
}

const stack = await startStack();
const browser = await puppeteer.launch({ executablePath: values.chrome, args: ["--no-sandbox", "--headless=new"] });
try {
  const cookie = values.seeded
    ? (await seedUser(stack.appUrl, stack.sandboxUrl, stack.databaseUrl)).cookie
    : await newUserCookie(stack.appUrl);
  const { hostname } = new URL(stack.appUrl);
  await browser.setCookie(
    ...cookie.split("; ").map((pair) => {
      const index = pair.indexOf("=");
      return { name: pair.slice(0, index), value: pair.slice(index + 1), domain: hostname, path: "/" };
    }),
  );
  for (const pagePath of values.pages.split(",")) {
    const page = await browser.newPage();
    const url = `${stack.appUrl}${pagePath}`;
    await page.goto(url, { waitUntil: "networkidle0" }); // cached scripts, as on a second visit
    const cdp = await page.createCDPSession();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
    console.log(`${pagePath} (ms at ${SLOWDOWN}x CPU slowdown)`);
    await longTasks(page, url);
    await profile(page, url);
    await page.close();
  }
} finally {
  await browser.close();
  await stack.stop();
}
