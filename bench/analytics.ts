/**
 * bench/analytics: one user with 10,000 published posts (over two years, on a Facebook Page and an
 * X account) and 1,000,000 metric snapshots, against the built app (npm run build:test first). Each
 * analytics endpoint at 10 connections: p50/p95/p99 and throughput, and its p95 against the floor
 * (an authenticated route without I/O, GET /api/openai/status) in the same run. Target: p95 under
 * 100 ms. Then the metrics sync's arithmetic: platform calls per hour that 10,000 posts published
 * over the last 90 days need under our schedule (lib/analytics/metrics-math.ts) against what the
 * platforms allow, and how many readings one worker's ingest writes per second.
 * Load comes from `wrk` when installed (apt-get install wrk), else from fetch in this process.
 *
 *   npx tsx bench/analytics.ts [--posts 10000] [--snapshots 1000000] [--requests 1000] [--concurrency 10]
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { nextSyncAt, readsPerPost } from "../lib/analytics/metrics-math";
import { syncPhase } from "../lib/analytics/server/sync-phase";
import { startStack } from "../tests/setup/stack";
import { peakMemoryLine } from "./process-memory";
import { settleSeededMetrics } from "./seed-metrics";

const { values } = parseArgs({
  options: {
    posts: { type: "string", default: "10000" },
    snapshots: { type: "string", default: "1000000" },
    requests: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "10" },
  },
});
const POSTS = Number(values.posts);
const PER_TARGET = Math.max(1, Math.round(Number(values.snapshots) / POSTS));
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);

type Figures = { p50: number; p95: number; p99: number; rps: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const line = (label: string, r: Figures) =>
  console.log(
    `${label.padEnd(44)} p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  ${r.rps.toFixed(0)} req/s`,
  );

async function withFetch(url: string, cookie: string): Promise<Figures> {
  const timings: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t0 = performance.now();
        const response = await fetch(url, { headers: { cookie } });
        if (response.status !== 200) throw new Error(`${url}: status ${response.status}`);
        await response.arrayBuffer();
        timings.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return {
    p50: percentile(timings, 50),
    p95: percentile(timings, 95),
    p99: percentile(timings, 99),
    rps: timings.length / seconds,
  };
}

function withWrk(url: string, cookie: string): Figures | null {
  const script = path.join(tmpdir(), "analytics-wrk.lua");
  writeFileSync(
    script,
    `done = function(summary, latency, requests)
  io.write(string.format("WRK %f %f %f %f %d\\n", latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, summary.requests / (summary.duration / 1e6), summary.errors.status))
end
`,
  );
  const run = spawnSync("wrk", ["-t1", `-c${CONCURRENCY}`, "-d10s", "-s", script, "-H", `Cookie: ${cookie}`, url], {
    encoding: "utf8",
  });
  if (run.error) return null;
  const row = run.stdout.split("\n").find((text) => text.startsWith("WRK "));
  if (!row) throw new Error(`wrk printed no figures: ${run.stdout} ${run.stderr}`);
  const [p50, p95, p99, rps, errors] = row.slice(4).split(" ").map(Number) as [number, number, number, number, number];
  if (errors > 0) throw new Error(`${url}: ${errors} non-2xx answers`);
  return { p50, p95, p99, rps };
}

async function seed(databaseUrl: string, userId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  // The stack drops its database on the way out, ending this connection if a step failed first.
  client.on("error", () => {});
  await client.connect();
  const pages: string[] = [];
  for (const platform of ["facebook", "twitter"]) {
    const { rows } = await client.query<{ id: string }>(
      `insert into social_accounts (user_id, platform, platform_account_id, access_token_enc)
       values ($1, $2::social_platform, 'bench-' || $2::text, 'v1.x') returning id`,
      [userId, platform],
    );
    const { rows: page } = await client.query<{ id: string }>(
      `insert into social_pages (social_account_id, user_id, platform, page_id, name)
       values ($1, $2, $3::social_platform, 'bench-page-' || $3::text, 'Bench ' || $3::text) returning id`,
      [rows[0]!.id, userId, platform],
    );
    pages.push(page[0]!.id);
  }
  // Published over two years, oldest first; odd posts on X, even on Facebook.
  await client.query(
    `insert into posts (user_id, content, status, created_at, published_at)
     select $1, 'Bench post ' || g, 'published', t, t
     from (select g, now() - make_interval(secs => 730.0 * 86400 * ($2::int - g) / $2::int) as t
           from generate_series(1, $2::int) g) s`,
    [userId, POSTS],
  );
  await client.query(
    `insert into post_targets (post_id, page_id, type, platform, page_name, status, platform_post_id, published_at)
     select id, case when row_number() over (order by id) % 2 = 0 then $2::uuid else $3::uuid end, 'post',
            (case when row_number() over (order by id) % 2 = 0 then 'facebook' else 'twitter' end)::social_platform,
            'Bench page', 'published', 'bench-' || id, published_at
     from posts where user_id = $1`,
    [userId, pages[0], pages[1]],
  );
  // PER_TARGET cumulative readings per page, every 6 hours from its publication (never in the future).
  await client.query(
    `insert into metric_snapshots (post_target_id, captured_at, views, likes, comments, shares, reach)
     select t.id, least(now(), t.published_at + (k * 6 || ' hours')::interval),
            k * (10 + abs(hashtext(t.id::text)) % 50), k * (abs(hashtext(t.id::text)) % 5),
            k * (abs(hashtext(t.id::text)) % 2), k * (abs(hashtext(t.id::text)) % 3), k * 7
     from post_targets t join posts p on p.id = t.post_id, generate_series(1, $2::int) k
     where p.user_id = $1`,
    [userId, PER_TARGET],
  );
  await settleSeededMetrics(client, userId);
  await client.end();
}

/** Platform calls in one hour for `posts` pages of one account published evenly over 90 days. */
function callsPerHour(posts: number, perCall: number, now: Date) {
  const span = 90 * 86_400_000;
  const slots = new Map<number, number>();
  const phase = syncPhase("bench-account", "bench-page");
  for (let i = 0; i < posts; i += 1) {
    const publishedAt = new Date(now.getTime() - (span * (i + 0.5)) / posts);
    for (let at = now; ;) {
      const next = nextSyncAt(publishedAt, at, phase);
      if (!next || next.getTime() >= now.getTime() + 3_600_000) break;
      slots.set(next.getTime(), (slots.get(next.getTime()) ?? 0) + 1);
      at = next;
    }
  }
  let calls = 0;
  for (const due of slots.values()) calls += Math.ceil(due / perCall);
  return calls;
}

/** Issue 18: the web process stays under this under the benchmarks' load. */
const WEB_PEAK_TARGET_MB = 400;

const stack = await startStack();
try {
  const email = `bench-${Date.now()}@example.com`;
  const register = await fetch(`${stack.appUrl}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Bench", email, password: "bench-password", password2: "bench-password" }),
  });
  const cookie = register.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { user } = (await register.json()) as { user: { id: string } };
  const t0 = performance.now();
  await seed(stack.databaseUrl, user.id);
  Object.assign(process.env, stack.env);
  const { rebuildDailyRollups, recordReadings } = await import("../lib/analytics/server/ingest");
  const { db, closeDb } = await import("../db");
  const { sql } = await import("drizzle-orm");
  const rebuilt = performance.now();
  await rebuildDailyRollups(user.id);
  const rebuildSeconds = (performance.now() - rebuilt) / 1000;
  await db.execute(sql`vacuum analyze`);
  const counts = (
    await db.execute<{ snapshots: number; days: number }>(
      sql`select (select count(*)::int from metric_snapshots) snapshots, (select count(*)::int from metric_daily) days`,
    )
  ).rows[0]!;
  console.log(
    `seeded ${POSTS} published posts, ${counts.snapshots} snapshots, ${counts.days} daily rollup rows in ${((performance.now() - t0) / 1000).toFixed(1)} s (rollup rebuild for the user: ${rebuildSeconds.toFixed(1)} s)`,
  );
  const last30 = `startDate=${new Date(Date.now() - 30 * 86_400_000).toISOString()}&endDate=${new Date().toISOString()}`;
  const endpoints: [string, string][] = [
    ["overview, last 30 days", `/api/analytics/overview?${last30}`],
    ["overview, all time", "/api/analytics/overview"],
    ["performance, last 30 days by day", `/api/analytics/performance?${last30}&interval=day`],
    ["performance, all time by day (731 points)", "/api/analytics/performance"],
    ["platforms, last 30 days", `/api/analytics/platforms?${last30}`],
    ["top-posts, all time, views", "/api/analytics/top-posts?limit=10&sortBy=views"],
    ["top-posts, all time, engagementRate", "/api/analytics/top-posts?limit=10&sortBy=engagementRate"],
    ["best-times, all time", "/api/analytics/best-times"],
    ["export daily CSV, all time", "/api/analytics/export/daily"],
    ["post list sorted by views (limit 50)", "/api/post?limit=50&sort=views"],
  ];
  const measure = async (url: string) => withWrk(url, cookie) ?? (await withFetch(url, cookie));
  for (const [, route] of endpoints)
    for (let i = 0; i < 20; i += 1)
      await (await fetch(`${stack.appUrl}${route}`, { headers: { cookie } })).arrayBuffer();
  const floor = await measure(`${stack.appUrl}/api/openai/status`);
  console.log(`${REQUESTS} requests per route (fetch) or 10 s (wrk), ${CONCURRENCY} connections`);
  line("floor: a route without I/O", floor);
  for (const [label, route] of endpoints) {
    const figures = await measure(`${stack.appUrl}${route}`);
    line(label, figures);
    console.log(
      `${"".padEnd(44)} p95 / floor p95 ${(figures.p95 / floor.p95).toFixed(2)}x; p95 < 100 ms: ${figures.p95 < 100 ? "met" : "NOT met"}`,
    );
  }

  // The sync's cost: 10,000 posts published evenly over the last 90 days on one account.
  const now = new Date();
  console.log(`reads per post over its life: ${readsPerPost()} (96 the first day, 144 to a week, 83 to 90 days)`);
  const x = callsPerHour(POSTS, 100, now);
  // Facebook: 50 posts a request (?ids=), but each id counts as one call against the Page's limit.
  const fbRequests = callsPerHour(POSTS, 50, now);
  const fb = callsPerHour(POSTS, 1, now);
  console.log(
    `X, one account, ${POSTS} posts: ${x} calls/hour (100 ids a call); allowed per user: Free 4/h, Basic 60/h, Pro 3,600/h`,
  );
  console.log(
    `Facebook, one Page, ${POSTS} posts: ${fbRequests} requests/hour (50 ids a request), counted as ${fb} calls/hour (each id one call); allowed per Page: 4,800 / 24 h = 200/h (shared with publishing; reads take at most half)`,
  );
  // One worker's ingest: readings written per second in batches of 100 (snapshot, figures, totals, day).
  const targets = (
    await db.execute<{ id: string }>(
      sql`select post_target_id as id from target_metrics where user_id = ${user.id} limit 5000`,
    )
  ).rows.map((row) => row.id);
  const ingestStarted = performance.now();
  for (let i = 0; i < targets.length; i += 100)
    await recordReadings(
      targets
        .slice(i, i + 100)
        .map((id, k) => ({ postTargetId: id, views: 100_000 + k, likes: 10, comments: 1, shares: 1, reach: 5 })),
      new Date(),
    );
  const perSecond = targets.length / ((performance.now() - ingestStarted) / 1000);
  console.log(
    `one worker's ingest: ${perSecond.toFixed(0)} readings/s (${(perSecond * 3600).toFixed(0)}/hour) vs ${Math.round((POSTS * readsPerPost()) / (90 * 24))} readings/hour needed on average`,
  );
  await closeDb();
  console.log(peakMemoryLine("web (next start)", stack.webPid, WEB_PEAK_TARGET_MB));
} finally {
  await stack.stop();
}
