import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildIsCurrent, sourceFingerprint } from "../../scripts/build-stamp.mjs";
import { dropDatabase, freePort, testDatabaseUrl } from "../setup/stack";
import { sleep } from "../fixtures/sleep";

/**
 * `npm run up` on this machine: install, create + migrate the database, build, and start web,
 * worker and sandbox; then `/` answers 200 and Ctrl-C stops all three. Runs the real script with
 * its own database and ports, so nothing of a developer's setup is touched. The tests' build
 * (`npm run build:test`) is the same `next build` of the same sources: when it is current, `up`
 * starts it as it is, as it does its own build on a second run; otherwise it builds a folder of
 * its own.
 */

const root = path.resolve(import.meta.dirname, "../..");
const databaseUrl = testDatabaseUrl(`up_${randomBytes(3).toString("hex")}`);
const testBuild = process.env.TEST_DIST_DIR ?? ".next-test";
const reusesTestBuild = buildIsCurrent(path.join(root, testBuild), sourceFingerprint(root));
const distDir = reusesTestBuild ? testBuild : ".next-up-test";

afterAll(async () => {
  await dropDatabase(databaseUrl);
  if (!reusesTestBuild) rmSync(path.join(root, distDir), { recursive: true, force: true });
});

describe("npm run up", () => {
  it("serves the app at its port with the worker and sandbox running, and stops on Ctrl-C", async () => {
    const [appPort, sandboxPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, ["scripts/up.mjs"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(appPort),
        APP_URL: `http://localhost:${appPort}`,
        DATABASE_URL: databaseUrl,
        SANDBOX_PORT: String(sandboxPort),
        SANDBOX_URL: `http://127.0.0.1:${sandboxPort}`,
        REDIS_PREFIX: `postloom-up-test-${randomBytes(3).toString("hex")}`,
        NEXT_DIST_DIR: distDir,
        AUTH_SECRET: randomBytes(32).toString("base64"),
        TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

    try {
      const home = await waitFor(`http://localhost:${appPort}/`, () => child.exitCode !== null);
      expect(home.status, output).toBe(200);
      expect(await home.text()).toContain("Postloom");

      const health = await waitForJson(`http://localhost:${appPort}/api/health`, (body) => body.worker?.ok === true);
      expect(health).toMatchObject({ database: { ok: true }, redis: { ok: true }, worker: { ok: true } });
      const discovery = await fetch(`http://127.0.0.1:${sandboxPort}/google/.well-known/openid-configuration`);
      expect(discovery.status).toBe(200);
      // A current build is started as it is; any other is built first.
      expect(output).toContain(reusesTestBuild ? `> build: ${distDir} is up to date` : "> build\n");
    } finally {
      child.kill("SIGINT");
    }
    await expect(exited).resolves.toBe(0);
    await expect(fetch(`http://localhost:${appPort}/`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${sandboxPort}/`)).rejects.toThrow();
  }, 600_000);
});

async function waitFor(url: string, gaveUp: () => boolean, timeoutMs = 540_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gaveUp()) {
    try {
      return await fetch(url);
    } catch {
      await sleep(500);
    }
  }
  throw new Error(`${url} did not answer`);
}

async function waitForJson(url: string, ready: (body: { worker?: { ok?: boolean } }) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let body: { worker?: { ok?: boolean } } = {};
  while (Date.now() < deadline) {
    body = (await (await fetch(url)).json()) as typeof body;
    if (ready(body)) return body;
    await sleep(500);
  }
  return body;
}
