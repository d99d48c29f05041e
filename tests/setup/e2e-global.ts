import { e2eSlots } from "./slots";
import { startStack } from "./stack";

/**
 * An app + sandbox + worker + database for each Playwright worker (TEST_SLOTS of them): a worker
 * runs one file at a time on its own stack (tests/e2e/fixtures.ts picks it by the worker's parallel
 * index), so a file that moves the sandbox's clock or injects a fault affects no other file.
 */
export default async function globalSetup() {
  const stacks = await Promise.all(Array.from({ length: e2eSlots() }, () => startStack({ withWorker: true })));
  process.env.E2E_STACKS = JSON.stringify(
    stacks.map(({ appUrl, sandboxUrl, databaseUrl }) => ({ appUrl, sandboxUrl, databaseUrl })),
  );
  return () => Promise.all(stacks.map((stack) => stack.stop()));
}
