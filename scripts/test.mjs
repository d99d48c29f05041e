// npm test: lint, type check, build, then unit + integration (Vitest) and end-to-end (Playwright)
// tests. Ends with one plain line `N passed, N failed[, N skipped]` summed over both runners (CI
// reads it) and exits non-zero if anything failed.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, ".test-output");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const bin = (name) => path.join(root, "node_modules", ".bin", name);
const problems = [];
/** Each phase's wall time, printed together at the end (CI's budget is read off it). */
const phases = [];
const runStarted = Date.now();

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  phases.push({ name, seconds: Number(seconds) });
  console.log(`=== ${name}: ${ok ? "ok" : `failed (exit ${result.status ?? result.signal})`} in ${seconds} s`);
  if (!ok) problems.push(name);
  return ok;
}

/**
 * Steps run side by side, each printed whole as it ends (one step's output never interleaves with
 * another's): lint beside the type check, each mostly one core's work; Vitest beside Playwright,
 * whose files spend most of their time waiting on the app, the worker and the sandbox.
 */
async function stepsSideBySide(group, steps) {
  const started = Date.now();
  await Promise.all(
    steps.map(
      ({ name, command, args, env = {} }) =>
        new Promise((resolve) => {
          const stepStarted = Date.now();
          const child = spawn(command, args, {
            cwd: root,
            env: { ...process.env, ...env },
            stdio: ["ignore", "pipe", "pipe"],
          });
          let output = "";
          child.stdout.on("data", (chunk) => (output += chunk));
          child.stderr.on("data", (chunk) => (output += chunk));
          child.on("error", (error) => (output += `${error.message}\n`));
          child.on("close", (code, signal) => {
            const seconds = (Date.now() - stepStarted) / 1000;
            const ok = code === 0;
            console.log(`\n=== ${name}`);
            process.stdout.write(output);
            console.log(
              `=== ${name}: ${ok ? "ok" : `failed (exit ${code ?? signal})`} in ${seconds.toFixed(1)} s (side by side)`,
            );
            phases.push({ name: `  ${name}`, seconds });
            if (!ok) problems.push(name);
            resolve();
          });
        }),
    ),
  );
  phases.push({ name: group, seconds: (Date.now() - started) / 1000 });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

await preflight();
await stepsSideBySide("lint + typecheck, side by side", [
  { name: "lint", command: "npm", args: ["run", "--silent", "lint"] },
  { name: "typecheck", command: bin("tsc"), args: ["--noEmit", "-p", "."] },
]);
const built = step("build", process.execPath, ["scripts/build-test.mjs"]);

const vitestJson = path.join(out, "vitest.json");
const playwrightJson = path.join(out, "playwright.json");
const vitestStep = {
  name: "vitest (unit + integration)",
  command: bin("vitest"),
  args: [
    "run",
    ...(built ? [] : ["--project", "unit"]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestJson}`,
  ],
};
const playwrightStep = {
  name: "playwright (end-to-end, Chromium)",
  command: bin("playwright"),
  args: ["test", "--reporter=list,json"],
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
};
await stepsSideBySide("tests, side by side", built ? [vitestStep, playwrightStep] : [vitestStep]);

const counts = { passed: 0, failed: 0, skipped: 0 };
const vitest = readJson(vitestJson);
if (vitest) {
  counts.passed += vitest.numPassedTests ?? 0;
  counts.failed += vitest.numFailedTests ?? 0;
  counts.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  // A suite that failed to load counts as a failure even when no test inside it ran.
  counts.failed += (vitest.testResults ?? []).filter(
    (suite) => suite.status === "failed" && (suite.assertionResults ?? []).length === 0,
  ).length;
} else {
  problems.push("vitest report missing");
}
const playwright = built ? readJson(playwrightJson) : null;
if (playwright?.stats) {
  counts.passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  counts.failed += playwright.stats.unexpected ?? 0;
  counts.skipped += playwright.stats.skipped ?? 0;
  counts.failed += (playwright.errors ?? []).length;
} else if (built) {
  problems.push("playwright report missing");
}

printPhases();
printFailures(vitest, playwright);
if (problems.length) console.log(`\nProblems: ${problems.join("; ")}`);
const failed = counts.failed + (problems.length && counts.failed === 0 ? 1 : 0);
console.log(`\n${counts.passed} passed, ${failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);

function printPhases() {
  const total = (Date.now() - runStarted) / 1000;
  const rows = [...phases, { name: "npm test in all", seconds: total }];
  const width = Math.max(...rows.map((row) => row.name.length));
  console.log(`\nWall time per phase:`);
  for (const row of rows) console.log(`  ${row.name.padEnd(width)}  ${row.seconds.toFixed(0).padStart(5)} s`);
}

/**
 * The names of the failed tests, with the first line of each error, repeated just above the count
 * line: CI keeps only the tail of a long log, and a failure scrolled out of it cannot be found.
 */
function printFailures(vitestReport, playwrightReport) {
  const failures = [];
  for (const suite of vitestReport?.testResults ?? []) {
    const file = path.relative(root, suite.name ?? "");
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failedTests)
      failures.push(`vitest ${file} › ${test.fullName}\n    ${firstLine(test.failureMessages?.[0])}`);
    if (suite.status === "failed" && failedTests.length === 0)
      failures.push(`vitest ${file}\n    ${firstLine(suite.message)}`);
  }
  const walk = (suite, outerTitles) => {
    // A file's own suite is titled with the file's name, which the line already shows.
    const titles = suite.title && suite.title !== suite.file ? [...outerTitles, suite.title] : outerTitles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected") continue;
        const error = test.results?.at(-1)?.error?.message;
        failures.push(
          `playwright ${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}\n    ${firstLine(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, titles);
  };
  for (const suite of playwrightReport?.suites ?? []) walk(suite, []);
  for (const error of playwrightReport?.errors ?? [])
    failures.push(`playwright (outside a test)\n    ${firstLine(error.message)}`);
  // Vitest marks a retried test "(retry x1)" in its own lines above; Playwright says so only here.
  const retried = [];
  const walkRetried = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "flaky") retried.push(`playwright ${spec.file}:${spec.line} › ${spec.title}`);
    for (const child of suite.suites ?? []) walkRetried(child);
  };
  for (const suite of playwrightReport?.suites ?? []) walkRetried(suite);
  if (retried.length) console.log(`\nPassed on retry (to be fixed):\n  ${retried.join("\n  ")}`);
  if (failures.length) console.log(`\nFailed:\n  ${failures.join("\n  ")}`);
}

function firstLine(text) {
  // Reporters leave terminal colour codes in messages.
  const plain = String(text ?? "(no message)").replace(/\u001b\[[0-9;]*m/g, "");
  return (
    plain
      .split("\n")
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 300) ?? "(no message)"
  );
}

/** Postgres and Redis must be up; say which one is missing and how to start it. */
async function preflight() {
  const net = await import("node:net");
  const reachable = (port) =>
    new Promise((resolve) => {
      const socket = net.connect({ host: "127.0.0.1", port });
      socket.setTimeout(2000);
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
      socket.once("timeout", () => (socket.destroy(), resolve(false)));
    });
  const missing = [];
  if (!(await reachable(5432)))
    missing.push("PostgreSQL on 127.0.0.1:5432 (start: pg_ctlcluster <version> main start)");
  if (!(await reachable(6379))) missing.push("Redis on 127.0.0.1:6379 (start: redis-server --daemonize yes)");
  if (!existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"))
    missing.push("Chromium at /usr/bin/chromium (apt-get install -y chromium)");
  if (missing.length) {
    console.error(`Missing services:\n  ${missing.join("\n  ")}`);
    console.log("\n0 passed, 1 failed");
    process.exit(1);
  }
}
