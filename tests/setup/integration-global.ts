import type { TestProject } from "vitest/node";
import { integrationSlots } from "./slots";
import { startStack } from "./stack";

export interface StackInfo {
  appUrl: string;
  sandboxUrl: string;
  databaseUrl: string;
  env: Record<string, string>;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One stack per Vitest worker slot: `stacks[VITEST_POOL_ID - 1]` (tests/fixtures/test-stack.ts). */
    stacks: StackInfo[];
  }
}

/**
 * An app + sandbox + worker + database for each worker slot of the integration run. A slot runs one
 * file at a time, so a file has its stack to itself while it runs (some inject faults, restart or
 * kill workers, or move the sandbox's clock), as when every file ran one after the other on one stack.
 */
export default async function setup(project: TestProject) {
  const stacks = await Promise.all(Array.from({ length: integrationSlots() }, () => startStack({ withWorker: true })));
  project.provide(
    "stacks",
    stacks.map(({ appUrl, sandboxUrl, databaseUrl, env }) => ({ appUrl, sandboxUrl, databaseUrl, env })),
  );
  return () => Promise.all(stacks.map((stack) => stack.stop()));
}
