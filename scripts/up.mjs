// npm run up: from a fresh machine (Node, PostgreSQL and Redis running) to the app at
// http://localhost:3000 with the web server, the worker and the platform sandbox. Ctrl-C stops all.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { buildIsCurrent, sourceFingerprint, stampBuild } from "./build-stamp.mjs";
import { NEXT_START_FLAGS, WEB_NODE_FLAGS, WORKER_NODE_FLAGS } from "./node-flags.mjs";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

function run(name, command, args) {
  console.log(`\n> ${name}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}

function ensureEnvFile() {
  if (existsSync(".env")) return;
  copyFileSync(".env.example", ".env");
  const text = readFileSync(".env", "utf8")
    .replace(/^AUTH_SECRET=.*$/m, `AUTH_SECRET=${randomBytes(32).toString("base64")}`)
    .replace(/^TOKEN_ENCRYPTION_KEY=.*$/m, `TOKEN_ENCRYPTION_KEY=${randomBytes(32).toString("base64")}`)
    .replace(/^STRIPE_WEBHOOK_SECRET=.*$/m, `STRIPE_WEBHOOK_SECRET=whsec_${randomBytes(24).toString("hex")}`);
  writeFileSync(".env", text);
  console.log("Created .env from .env.example with fresh secrets.");
}

function reachable(url, fallbackPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || fallbackPort) });
    socket.setTimeout(2000);
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

async function checkServices() {
  const databaseUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postloom";
  const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
  const missing = [];
  if (!(await reachable(databaseUrl, 5432)))
    missing.push(
      `PostgreSQL is not reachable at ${new URL(databaseUrl).host}. Start it (pg_ctlcluster <version> main start, or docker compose up -d postgres).`,
    );
  if (!(await reachable(redisUrl, 6379)))
    missing.push(
      `Redis is not reachable at ${new URL(redisUrl).host}. Start it (redis-server --daemonize yes, or docker compose up -d redis).`,
    );
  if (missing.length) {
    console.error(missing.join("\n"));
    process.exit(1);
  }
}

run("npm install", "npm", ["install", "--no-audit", "--no-fund"]);
ensureEnvFile();
process.loadEnvFile(".env");
await checkServices();
run("database: create if missing, migrate", process.execPath, ["node_modules/tsx/dist/cli.mjs", "db/migrate.ts"]);
// Built from these very sources already (an earlier `npm run up`, or the tests' build when
// NEXT_DIST_DIR names it): started as it is, as `next start` would after a build.
const distDir = path.join(root, process.env.NEXT_DIST_DIR || ".next");
const fingerprint = sourceFingerprint(root);
if (buildIsCurrent(distDir, fingerprint)) console.log(`\n> build: ${path.relative(root, distDir)} is up to date`);
else {
  run("build", process.execPath, ["node_modules/next/dist/bin/next", "build"]);
  stampBuild(distDir, fingerprint);
}
run("worker: bundle", process.execPath, ["node_modules/tsx/dist/cli.mjs", "workers/bundle.ts"]);

const port = process.env.PORT || "3000";
// Without a Stripe key the sandbox plays Stripe: it signs its events with the app's webhook secret
// and delivers them to the app's webhook endpoint (real Stripe: `stripe listen`, see docs/operations.md).
if (!process.env.STRIPE_SECRET_KEY) {
  process.env.STRIPE_WEBHOOK_SECRET ||= `whsec_${randomBytes(24).toString("hex")}`;
  process.env.SANDBOX_STRIPE_WEBHOOK_URL ||= `http://localhost:${port}/api/billing/webhook`;
}
const services = [
  ["sandbox", ["node_modules/tsx/dist/cli.mjs", "sandbox/index.ts"]],
  // Bundled and run by plain node (workers/bundle.ts says why).
  ["worker", [...WORKER_NODE_FLAGS, ".worker-build/index.mjs"]],
  ["web", [...WEB_NODE_FLAGS, "node_modules/next/dist/bin/next", "start", ...NEXT_START_FLAGS, "-p", port]],
];
const children = services.map(([name, args]) => {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split("\n")
      .filter(Boolean)
      .map((line) => `[${name}] ${line}`)
      .join("\n") + "\n";
  child.stdout.on("data", (chunk) => process.stdout.write(prefix(chunk)));
  child.stderr.on("data", (chunk) => process.stderr.write(prefix(chunk)));
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`[${name}] exited (${code ?? signal}); stopping everything.`);
      stop(1);
    }
  });
  return child;
});
console.log(`\nPostloom is starting at http://localhost:${port} (Ctrl-C stops web, worker and sandbox).`);
console.log(
  `E-mail (password reset links) goes to the sandbox's mail catcher: ${process.env.SANDBOX_URL || "http://127.0.0.1:4010"}/_mail`,
);

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    process.exit(code);
  }, 10_000).unref();
  Promise.all(
    children.map((child) => (child.exitCode !== null ? null : new Promise((r) => child.once("exit", r)))),
  ).then(() => process.exit(code));
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
