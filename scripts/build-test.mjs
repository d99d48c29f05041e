// Builds the app into .next-test (or $TEST_DIST_DIR) for the test runs, leaving a developer's .next alone.
// TEST_DIST_DIR lets several checkouts of work build and test side by side without clobbering one build.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";

// Build-time placeholders: route modules are loaded while Next collects page data, and the
// environment is validated on load. The running test servers get their own values.
const env = {
  ...process.env,
  NEXT_DIST_DIR: process.env.TEST_DIST_DIR ?? ".next-test",
  AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString("base64"),
  TOKEN_ENCRYPTION_KEY: process.env.TOKEN_ENCRYPTION_KEY ?? randomBytes(32).toString("base64"),
  NEXT_TELEMETRY_DISABLED: "1",
};
const result = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit", env });
if (result.status !== 0) process.exit(result.status ?? 1);
// The per-route first-load JavaScript budget (docs/decisions/0048-first-load-javascript-budget.md): over it fails the build.
const budget = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/check-bundle-budget.ts"], {
  stdio: "inherit",
  env,
});
process.exit(budget.status ?? 1);
