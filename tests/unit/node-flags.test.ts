import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NEXT_START_FLAGS, WEB_NODE_FLAGS, WORKER_NODE_FLAGS } from "../../scripts/node-flags.mjs";

/** `npm start` and `npm run worker` start node themselves: they must give it the same options. */
describe("node options of the long-running processes", () => {
  const scripts = (
    JSON.parse(readFileSync(path.join(import.meta.dirname, "../../package.json"), "utf8")) as {
      scripts: Record<string, string>;
    }
  ).scripts;

  it("npm start runs next with the web process's options and next start's own", () => {
    expect(scripts.start).toBe(
      `node ${WEB_NODE_FLAGS.join(" ")} node_modules/next/dist/bin/next start ${NEXT_START_FLAGS.join(" ")}`,
    );
  });

  it("npm run worker runs the bundle with the worker's options", () => {
    expect(scripts.worker).toBe(`tsx workers/bundle.ts && node ${WORKER_NODE_FLAGS.join(" ")} .worker-build/index.mjs`);
  });

  it("node accepts each of them (it exits 9, 'bad option', on one it does not know)", () => {
    for (const flags of [WEB_NODE_FLAGS, WORKER_NODE_FLAGS]) {
      const run = spawnSync(process.execPath, [...flags, "-e", "0"], { encoding: "utf8" });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
    }
  });
});
