/**
 * How many test files each runner runs at once, each on a stack of its own: Vitest's integration
 * files in VITEST_SLOTS (default 3), Playwright's in PLAYWRIGHT_SLOTS (default 2); TEST_SLOTS sets
 * both. `npm test` runs the two side by side: most of a file's time is spent waiting on the app,
 * the worker and the sandbox, and Vitest, the longer of the two, has a third slot so that it ends
 * about when Playwright does.
 */
function slots(name: "VITEST_SLOTS" | "PLAYWRIGHT_SLOTS", fallback: number): number {
  const raw = process.env[name] ?? process.env.TEST_SLOTS;
  const value = Number(raw ?? fallback);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(
      `${process.env[name] !== undefined ? name : "TEST_SLOTS"} must be a whole number ≥ 1, not "${raw}"`,
    );
  return value;
}

export const integrationSlots = () => slots("VITEST_SLOTS", 3);
export const e2eSlots = () => slots("PLAYWRIGHT_SLOTS", 2);
