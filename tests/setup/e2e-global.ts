import { startStack } from "./stack";

/** One app + sandbox + database for the end-to-end run; its URLs reach the tests through env. */
export default async function globalSetup() {
  const stack = await startStack({ withWorker: true });
  process.env.E2E_APP_URL = stack.appUrl;
  process.env.E2E_SANDBOX_URL = stack.sandboxUrl;
  process.env.E2E_DATABASE_URL = stack.databaseUrl;
  return () => stack.stop();
}
