/**
 * bench/posts-list: GET /api/post?limit=50 for a user with 100,000 posts against the built app
 * (npm run build:test first), at 50 and then 10 concurrent connections. For scale it measures, in
 * the same run and at the same concurrency, the floor: an authenticated route that does no I/O at
 * all (GET /api/openai/status), i.e. what Next.js, the session cookie and the load generator cost
 * alone; and the same read without HTTP (the endpoint's listPosts() called in this process through
 * the app's pool: its one SQL statement and the mapping).
 * Target (docs/benchmarks.md): p95 under 50 ms at 10 connections. At 50 connections it prints the
 * list's p95 against the floor's for reading, not as a target: on two cores shared with the database
 * and the load generator, the floor itself is at about 50 ms there. It also prints the web process's
 * peak memory (target under 400 MB).
 * The HTTP load comes from `wrk` (apt-get install wrk) when it is installed, a C load generator that
 * leaves the two cores to the server; otherwise from Node's fetch in this process, which competes
 * with the server for them.
 *
 * Each concurrency starts with a few seconds of load on both routes (not counted: the pools open
 * their connections and prepare their statements, the JIT warms), then measures the list and the
 * floor in turn for --rounds rounds; the target compares the medians. One 15-s run of each, the
 * older design, gave p95 ratios of 1.2x to 3.6x on one machine within an hour, most of it the
 * floor's own p95 (75 to 165 ms) and the first seconds at a new concurrency.
 *
 *   npx tsx bench/posts-list.ts [--posts 100000] [--requests 2000] [--concurrency 50,10] [--rounds 3] [--seconds 10]
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { startStack } from "../tests/setup/stack";
import { peakMemoryLine } from "./process-memory";
import { cpuSince, cpuSnapshot, processCpuMsSince } from "./proc-stats";

const { values } = parseArgs({
  options: {
    posts: { type: "string", default: "100000" },
    requests: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "50,10" },
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "10" },
  },
});
const POSTS = Number(values.posts);
const REQUESTS = Number(values.requests);
const CONCURRENCIES = values.concurrency.split(",").map(Number);
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const WARM_SECONDS = 5;
const WEB_PEAK_TARGET_MB = 400;

interface Timings {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

/** Each figure's median over the rounds (the middle one of an odd count). */
function medianOf(rounds: Timings[]): Timings {
  const median = (pick: (t: Timings) => number) => {
    const sorted = rounds.map(pick).sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  return { p50: median((t) => t.p50), p95: median((t) => t.p95), p99: median((t) => t.p99), rps: median((t) => t.rps) };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function measure(label: string, concurrency: number, run: () => Promise<void>): Promise<Timings> {
  const timings: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t0 = performance.now();
        await run();
        timings.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  const result = {
    p50: percentile(timings, 50),
    p95: percentile(timings, 95),
    p99: percentile(timings, 99),
    rps: timings.length / seconds,
  };
  console.log(
    `${label.padEnd(34)} p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  ${result.rps.toFixed(0)} req/s`,
  );
  return result;
}

/** p50/p95/p99 and throughput from wrk, or null when wrk is not installed. */
function measureWithWrk(label: string, concurrency: number, url: string, cookie: string, seconds: number) {
  const script = path.join(tmpdir(), "posts-list-wrk.lua");
  writeFileSync(
    script,
    `done = function(summary, latency, requests)
  io.write(string.format("WRK %f %f %f %f %d\\n", latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, summary.requests / (summary.duration / 1e6), summary.errors.status))
end
`,
  );
  const run = spawnSync(
    "wrk",
    ["-t1", `-c${concurrency}`, `-d${seconds}s`, "-s", script, "-H", `Cookie: ${cookie}`, url],
    {
      encoding: "utf8",
    },
  );
  if (run.error) return null;
  const line = run.stdout.split("\n").find((row) => row.startsWith("WRK "));
  if (!line) throw new Error(`wrk printed no figures: ${run.stdout} ${run.stderr}`);
  const [p50, p95, p99, rps, errors] = line.slice(4).split(" ").map(Number) as [number, number, number, number, number];
  if (errors > 0) throw new Error(`${errors} non-2xx answers`);
  console.log(
    `${label.padEnd(34)} p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  ${rps.toFixed(0)} req/s`,
  );
  return { p50, p95, p99, rps };
}

/**
 * Where a run's CPU went, per request: the web process and every Postgres process, and how much of
 * the machine stayed idle. The floor is held back by Node's one main thread (web near 1 core, the
 * machine about 40% idle); the list by the two cores (web and Postgres together near 2, less wrk).
 */
function printCpuPerRequest(before: ReturnType<typeof cpuSnapshot>, timings: Timings) {
  const webMs = processCpuMsSince(before, stack.webPid ?? 0);
  const report = cpuSince(before, [], []);
  const requests = (timings.rps * report.wallMs) / 1000;
  const cores = (ms: number) => (ms / report.wallMs).toFixed(2);
  const idle = 100 - (100 * report.machineBusyMs) / (availableParallelism() * report.wallMs);
  console.log(
    `${"".padEnd(34)} CPU per request: web ${(webMs / requests).toFixed(2)} ms (${cores(webMs)} cores), ` +
      `postgres ${(report.postgres / requests).toFixed(2)} ms (${cores(report.postgres)} cores); machine ${idle.toFixed(0)}% idle`,
  );
}

async function seed(databaseUrl: string, userId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(
    `insert into social_accounts (user_id, platform, platform_account_id, access_token_enc) values ($1, 'facebook', 'bench', 'v1.x') returning id`,
    [userId],
  );
  const { rows: pages } = await client.query<{ id: string }>(
    `insert into social_pages (social_account_id, user_id, platform, page_id, name) values ($1, $2, 'facebook', 'bench-page', 'Bench Page') returning id`,
    [rows[0]!.id, userId],
  );
  await client.query(
    `insert into posts (user_id, content, status, created_at)
     select $1, 'Bench post ' || g, (array['draft','scheduled','published','failed'])[1 + g % 4]::post_status,
            now() - (g || ' minutes')::interval
     from generate_series(1, $2::int) g`,
    [userId, POSTS],
  );
  await client.query(
    `insert into post_targets (post_id, page_id, type, platform, page_name, status)
     select id, $2, 'post', 'facebook', 'Bench Page', 'pending' from posts where user_id = $1`,
    [userId, pages[0]!.id],
  );
  // A bulk load leaves a dead row version behind for every row its triggers touched (the post
  // counters, each post once); a live database has them cleared by autovacuum, so measure after one.
  await client.query("vacuum analyze");
  await client.end();
}

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
  const seeded = performance.now();
  await seed(stack.databaseUrl, user.id);
  console.log(`seeded ${POSTS} posts (+ one target each) in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const url = `${stack.appUrl}/api/post?limit=50`;
  const floorUrl = `${stack.appUrl}/api/openai/status`;
  Object.assign(process.env, stack.env);
  const { listPosts } = await import("../lib/posts/server/queries");
  const { closeDb } = await import("../db");
  const verdicts: string[] = [];
  for (const concurrency of CONCURRENCIES) {
    console.log(
      `\n${concurrency} connections (wrk: ${WARM_SECONDS} s warm-up, then ${ROUNDS} rounds of ${SECONDS} s each; fetch: ${REQUESTS} requests)`,
    );
    const viaHttp =
      (label: string, target: string, seconds = SECONDS) =>
      async () => {
        const before = cpuSnapshot();
        const timings =
          measureWithWrk(label, concurrency, target, cookie, seconds) ??
          (await measure(label.replace("wrk", "fetch"), concurrency, async () => {
            const response = await fetch(target, { headers: { cookie } });
            if (response.status !== 200) throw new Error(`status ${response.status}`);
            await response.arrayBuffer();
          }));
        printCpuPerRequest(before, timings);
        return timings;
      };
    // Steady state: both routes run at this concurrency first, so the pools' connections (closed
    // after 10 s idle), their prepared statements and the JIT are warm for what is measured.
    await viaHttp("warm-up: list (wrk, not counted)", url, WARM_SECONDS)();
    await viaHttp("warm-up: floor (wrk, not counted)", floorUrl, WARM_SECONDS)();
    // The two alternate, so a slow spell of the machine falls on both; the verdict compares medians.
    const list: Timings[] = [];
    const floor: Timings[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      list.push(await viaHttp(`GET /api/post?limit=50 (wrk) #${round}`, url)());
      floor.push(await viaHttp(`floor: no I/O (wrk) #${round}`, floorUrl)());
    }
    // The endpoint's own read (lib/posts/server/queries.ts: one SQL statement, then the mapping to
    // JSON objects) in this process through the app's pool: the same work without HTTP and Next.js.
    const sql = await measure("listPosts() in process, no HTTP", concurrency, async () => {
      await listPosts(user.id, { page: 1, limit: 50, sort: "date" });
    });
    const http = medianOf(list);
    const floorMedian = medianOf(floor);
    console.log(
      `median of ${ROUNDS}: list p50 ${http.p50.toFixed(1)} ms, p95 ${http.p95.toFixed(1)} ms, ${http.rps.toFixed(0)} req/s; ` +
        `floor p50 ${floorMedian.p50.toFixed(1)} ms, p95 ${floorMedian.p95.toFixed(1)} ms, ${floorMedian.rps.toFixed(0)} req/s`,
    );
    console.log(`ratio HTTP/no HTTP: p50 ${(http.p50 / sql.p50).toFixed(2)}x  p95 ${(http.p95 / sql.p95).toFixed(2)}x`);
    console.log(
      `ratio HTTP/floor: p50 ${(http.p50 / floorMedian.p50).toFixed(2)}x  p95 ${(http.p95 / floorMedian.p95).toFixed(2)}x`,
    );
    if (concurrency === 10)
      verdicts.push(
        `p95 at 10 connections < 50 ms (median of ${ROUNDS} rounds): ${http.p95.toFixed(1)} ms, ${http.p95 < 50 ? "met" : "NOT met"}`,
      );
  }
  await closeDb();
  console.log("");
  for (const verdict of verdicts) console.log(`target ${verdict}`);
  console.log(peakMemoryLine("web (next start)", stack.webPid, WEB_PEAK_TARGET_MB));
} finally {
  await stack.stop();
}
