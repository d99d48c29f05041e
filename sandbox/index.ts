import { startSandbox } from "./server";

/**
 * `tsx sandbox/index.ts`: runs the platform sandbox until SIGINT/SIGTERM.
 * It reads its own few variables instead of lib/server/env.ts, which demands the app's secrets
 * (AUTH_SECRET, …) that a stand-in for Google has no use for.
 *   SANDBOX_PORT  port to listen on (default 4010)
 *   SANDBOX_HOST  interface to bind (default 127.0.0.1; the sandbox grants tokens to anyone)
 *   SANDBOX_SMTP_PORT the mail catcher's SMTP port (default 4025; the app's SMTP_URL points there)
 *   SANDBOX_LOG=1 one log line per request
 *   SANDBOX_X_TIER X API tier whose rate limits apply: payg|free|basic|pro|enterprise (default: TWITTER_API_TIER, else payg)
 *   SANDBOX_STRIPE_WEBHOOK_URL where Stripe events are POSTed (e.g. http://localhost:3000/api/billing/webhook; none = not sent)
 *   STRIPE_WEBHOOK_SECRET the `whsec_…` that signs them (default: a random one, read at GET /_control/stripe/webhook)
 */

function readPort(value: string | undefined, fallback = 4010, name = "SANDBOX_PORT"): number {
  if (value === undefined || value.trim() === "") return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${name} must be a port number (0-65535), got "${value}"`);
    process.exit(1);
  }
  return port;
}

const sandbox = await startSandbox({
  port: readPort(process.env.SANDBOX_PORT),
  host: process.env.SANDBOX_HOST?.trim() || "127.0.0.1",
  log: process.env.SANDBOX_LOG === "1",
  smtpPort: readPort(process.env.SANDBOX_SMTP_PORT, 4025, "SANDBOX_SMTP_PORT"),
});
console.log(
  `Platform sandbox listening on ${sandbox.url}; mail catcher at ${sandbox.smtpUrl} (read it at ${sandbox.url}/_mail)`,
);

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  // A second Ctrl-C means "now": don't wait for connections to drain again.
  if (stopping) process.exit(1);
  stopping = true;
  try {
    await sandbox.close();
    process.exit(0);
  } catch (error) {
    console.error(`[sandbox] error while stopping on ${signal}`, error);
    process.exit(1);
  }
}

process.on("SIGINT", (signal) => void stop(signal));
process.on("SIGTERM", (signal) => void stop(signal));
