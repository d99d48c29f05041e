// Builds the app into .next-test (or $TEST_DIST_DIR) for the test runs, leaving a developer's .next alone.
// TEST_DIST_DIR lets several checkouts of work build and test side by side without clobbering one build.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { sourceFingerprint, stampBuild } from "./build-stamp.mjs";

// Build-time placeholders: route modules are loaded while Next collects page data, and the
// environment is validated on load. The running test servers get their own values.
const env = {
  ...process.env,
  NEXT_DIST_DIR: process.env.TEST_DIST_DIR ?? ".next-test",
  AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString("base64"),
  TOKEN_ENCRYPTION_KEY: process.env.TOKEN_ENCRYPTION_KEY ?? randomBytes(32).toString("base64"),
  NEXT_TELEMETRY_DISABLED: "1",
};
const root = path.resolve(import.meta.dirname, "..");
// Taken before the build, so a source edited while it runs makes the stamp stale, not wrong.
const fingerprint = sourceFingerprint(root);
const result = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit", env });
if (result.status !== 0) process.exit(result.status ?? 1);
stampBuild(path.join(root, env.NEXT_DIST_DIR), fingerprint);
// The per-route first-load JavaScript budget (docs/decisions/0048-first-load-javascript-budget.md): over it fails the build.
const budget = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/check-bundle-budget.ts"], {
  stdio: "inherit",
  env,
});
process.exit(budget.status ?? 1);
