import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import path from "node:path";
import pg from "pg";
import { migrateDatabase } from "@/db/migrate";
import { startSandbox } from "@/sandbox/server";
import { sandboxControl } from "@/sandbox/testing";
import { workerBundleForThisProcess } from "@/workers/bundle";
import { NEXT_START_FLAGS, WEB_NODE_FLAGS, WORKER_NODE_FLAGS } from "../../scripts/node-flags.mjs";
import { sleep } from "../fixtures/sleep";

/**
 * A whole Postloom for a test run: a fresh `_test` database (migrated), the platform sandbox and the
 * built app (`next start` from .next-test, built by `npm run build:test`), on free ports. Nothing
 * is shared with a developer's running app, and everything is stopped and dropped afterwards.
 */

export interface Stack {
  appUrl: string;
  sandboxUrl: string;
  databaseUrl: string;
  env: Record<string, string>;
  /** The `next start` process (benchmarks read its peak memory); undefined once it could not start. */
  webPid: number | undefined;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");
/** Where `npm run build:test` put the build (TEST_DIST_DIR, default .next-test). */
const testDistDir = process.env.TEST_DIST_DIR ?? ".next-test";
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export function testDatabaseUrl(runId: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/postloom_${runId}_test`;
  return url.toString();
}

/** Refuses anything but a database whose name ends in _test: tests must never touch real data. */
export function assertTestDatabase(databaseUrl: string): void {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!name.endsWith("_test")) throw new Error(`Refusing to use database "${name}": test databases end in _test`);
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  assertTestDatabase(databaseUrl);
  const name = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Tests post many times as one X user; the free tier's 17 a day would hold them for a day. The
 * tiers' own limits are tested in tests/integration/publishing/rate-limit-redis.test.ts and
 * platform-limits.test.ts, on their own sandbox.
 */
const TEST_TWITTER_TIER = "enterprise";

export interface StackOptions {
  withWorker?: boolean;
  /**
   * "sandbox" (default): the app and worker use the sandbox's OpenAI-compatible API with a key;
   * "offline": no key, so the offline writer answers every AI request.
   */
  ai?: "sandbox" | "offline";
  /** OPENAI_TIMEOUT_SECONDS for the stack (default 5: the sandbox answers at once unless told to be slow). */
  aiTimeoutSeconds?: number;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const runId = randomBytes(4).toString("hex");
  const databaseUrl = testDatabaseUrl(runId);
  assertTestDatabase(databaseUrl);
  await migrateDatabase(databaseUrl);

  // The sandbox applies the X tier the app is configured for (TWITTER_API_TIER below), as X would.
  const sandbox = await startSandbox({
    port: 0,
    host: "127.0.0.1",
    log: process.env.SANDBOX_LOG === "1",
    xTier: TEST_TWITTER_TIER,
  });
  const appPort = await freePort();
  // A host name, not 127.0.0.1: Next.js reports loopback addresses as "localhost", and OAuth
  // redirect URIs must match exactly.
  const appUrl = `http://localhost:${appPort}`;
  const env: Record<string, string> = {
    APP_URL: appUrl,
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
    REDIS_PREFIX: `postloom-test-${runId}`,
    AUTH_SECRET: randomBytes(32).toString("base64"),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    SANDBOX_URL: sandbox.url,
    SMTP_URL: sandbox.smtpUrl,
    NEXT_DIST_DIR: testDistDir,
    // Tests act as many clients by sending X-Forwarded-For as a proxy of ours would, so per-IP
    // limits (login, registration) of one test never touch another's; without it, the socket counts.
    TRUST_PROXY_HOPS: "1",
    // Crash-recovery tests kill workers mid-publish; they should not wait a minute for takeover.
    PUBLISH_STALE_SECONDS: "5",
    // Facebook video tests meet a video still processing at the end of an attempt's wait in seconds.
    PUBLISH_VIDEO_WAIT_SECONDS: "3",
    // Analytics tests read a page's figures right after publishing it, not up to 15 minutes later.
    METRICS_FIRST_READ: "at-once",
    TWITTER_API_TIER: TEST_TWITTER_TIER,
    // Stripe is the sandbox's (no STRIPE_SECRET_KEY), which signs its events with this secret and
    // delivers them to the app's webhook, as `stripe listen --forward-to` does with real Stripe.
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString("hex")}`,
    ...(options.ai === "offline"
      ? {}
      : {
          OPENAI_API_KEY: "sandbox-key",
          OPENAI_BASE_URL: `${sandbox.url}/openai/v1`,
          // The sandbox plays api.openai.com, so the app sends what it sends to OpenAI itself.
          OPENAI_API_FLAVOR: "openai",
          OPENAI_TIMEOUT_SECONDS: String(options.aiTimeoutSeconds ?? 5),
        }),
  };
  const childEnv = { ...cleanEnv(), ...env };
  await sandboxControl(sandbox.url).setStripeWebhook({
    url: `${appUrl}/api/billing/webhook`,
    secret: env.STRIPE_WEBHOOK_SECRET!,
  });

  const children: ChildProcess[] = [];
  const app = spawnWeb(childEnv, appPort);
  children.push(app);
  if (options.withWorker) children.push(spawnWorker(env));

  const stop = async () => {
    await Promise.all(children.map(stopChild));
    await sandbox.close();
    await dropDatabase(databaseUrl).catch((error: unknown) => console.error("could not drop test database", error));
  };
  try {
    await waitForHttp(`${appUrl}/api/health`, app);
  } catch (error) {
    await stop();
    throw error;
  }
  return { appUrl, sandboxUrl: sandbox.url, databaseUrl, env, webPid: app.pid, stop };
}

function spawnWeb(childEnv: NodeJS.ProcessEnv, port: number, name = "web"): ChildProcess {
  const app = spawn(
    process.execPath,
    [
      ...WEB_NODE_FLAGS,
      path.join(root, "node_modules/next/dist/bin/next"),
      "start",
      ...NEXT_START_FLAGS,
      "-p",
      String(port),
      "-H",
      "localhost",
    ],
    { cwd: root, env: { ...childEnv, NODE_ENV: "production" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  pipeLogs(app, name);
  return app;
}

/**
 * One more web process of the same app (same database, Redis, secrets and APP_URL) on a free port,
 * as a load balancer would run several: for what must hold across processes. The caller stops it.
 */
export async function startExtraWebProcess(
  env: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawnWeb({ ...cleanEnv(), ...env }, port, "web-2");
  const stop = () => stopChild(child);
  try {
    await waitForHttp(`${url}/api/health`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** A worker process on the stack's database, Redis prefix and sandbox. The caller stops it. */
/** `nodeArgs`: options for node itself (e.g. --cpu-prof, which NODE_OPTIONS does not allow). */
export function spawnWorker(env: Record<string, string>, nodeArgs: string[] = []): ChildProcess {
  // The same bundle production runs (workers/bundle.ts), built from the code as it is now.
  const worker = spawn(process.execPath, [...WORKER_NODE_FLAGS, ...nodeArgs, workerBundleForThisProcess()], {
    cwd: root,
    env: { ...cleanEnv(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so a crash test's kill reaches anything it started.
    detached: true,
  });
  pipeLogs(worker, "worker");
  return worker;
}

/** kill -9 of a worker's process group (a real crash: no cleanup runs). */
export function crashWorker(worker: ChildProcess): void {
  if (worker.pid) process.kill(-worker.pid, "SIGKILL");
}

/** The parent's environment without anything that would point the app at real services. */
function cleanEnv(): NodeJS.ProcessEnv {
  const copy = { ...process.env };
  for (const key of Object.keys(copy)) {
    if (/^(GOOGLE|FACEBOOK|TWITTER|LINKEDIN)_CLIENT_|^OPENAI_|^STRIPE_|^SANDBOX_STRIPE_|^NEXT_PUBLIC_/.test(key))
      delete copy[key];
  }
  return copy;
}

function pipeLogs(child: ChildProcess, name: string): void {
  const verbose = process.env.TEST_SERVER_LOGS === "1";
  const keep: string[] = [];
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    if (verbose) process.stderr.write(`[${name}] ${text}`);
    keep.push(text);
    if (keep.length > 200) keep.shift();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  child.once("exit", (code, signal) => {
    if (code && code !== 0 && !verbose)
      process.stderr.write(`[${name}] exited with ${code ?? signal}\n${keep.join("")}`);
  });
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode} before answering ${url}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(
    `the app did not answer ${url} within ${timeoutMs / 1000} s (is ${testDistDir} built? npm run build:test)`,
  );
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
