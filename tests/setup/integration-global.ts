import type { TestProject } from "vitest/node";
import { startStack } from "./stack";

declare module "vitest" {
  export interface ProvidedContext {
    stack: { appUrl: string; sandboxUrl: string; databaseUrl: string; env: Record<string, string> };
  }
}

/** One app + sandbox + database for the whole integration run; each test makes its own users. */
export default async function setup(project: TestProject) {
  const stack = await startStack({ withWorker: true });
  project.provide("stack", {
    appUrl: stack.appUrl,
    sandboxUrl: stack.sandboxUrl,
    databaseUrl: stack.databaseUrl,
    env: stack.env,
  });
  return () => stack.stop();
}
