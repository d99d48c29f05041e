import { defineConfig, devices } from "@playwright/test";
import { e2eSlots } from "./tests/setup/slots";

/**
 * End-to-end tests drive Debian's Chromium (Playwright cannot download its own browser here)
 * against the built app, started with its own database and sandbox by tests/setup/e2e-global.ts.
 */
export default defineConfig({
  testDir: "tests/e2e",
  // *.visual.ts take screenshots for a person to review, not tests: `AI_SCREENSHOTS=1 npx playwright test`.
  testMatch: process.env.AI_SCREENSHOTS === "1" ? "**/*.visual.ts" : "**/*.spec.ts",
  globalSetup: "./tests/setup/e2e-global.ts",
  fullyParallel: false,
  // One stack per worker (tests/setup/e2e-global.ts); a file runs its tests in order in one worker.
  workers: e2eSlots(),
  // CI runs on a shared two-core machine whose timings move by a third: a test that fails once and
  // then passes is retried once and named under "Passed on retry" in npm test's summary, to be fixed.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: process.env.E2E_OUTPUT_DIR ?? ".test-output/playwright",
  use: {
    // A trace records a screencast of every test, which on two cores costs about a fifth of the
    // suite's time; CI keeps only text, so it records none there (run locally to get a failure's trace).
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
});
