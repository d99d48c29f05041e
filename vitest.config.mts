import path from "node:path";
import { defineConfig } from "vitest/config";
import SmokeFirstSequencer from "./tests/setup/sequencer";
import { integrationSlots } from "./tests/setup/slots";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // Files run in TEST_SLOTS worker slots side by side; each integration slot has its own stack.
    maxWorkers: integrationSlots(),
    sequence: { sequencer: SmokeFirstSequencer },
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        // `npm run up` end to end: install, migrate, build, start; slow, so alone in its project.
        extends: true,
        test: { name: "smoke", include: ["tests/smoke/**/*.test.ts"], environment: "node", testTimeout: 600_000 },
      },
      {
        // The sandbox's own protocol tests start their own sandbox and need no app.
        extends: true,
        test: {
          name: "sandbox",
          include: ["tests/integration/sandbox/**/*.test.ts"],
          environment: "node",
          // Sandboxes started without a tier play X's Enterprise plan (custom limits, none applied, no
          // billing), as the test stack's app is configured, not the pay-per-use default: tests of the
          // tiers' windows and of pay-per-use billing start theirs with `xTier`.
          env: { SANDBOX_X_TIER: "enterprise" },
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: ["tests/integration/sandbox/**/*.test.ts"],
          environment: "node",
          env: { SANDBOX_X_TIER: "enterprise" },
          globalSetup: ["tests/setup/integration-global.ts"],
          // A stack per worker slot (tests/setup/integration-global.ts): a file has one to itself.
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // As Playwright's retries on CI's shared machine; the log marks a retried test "(retry x1)".
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
