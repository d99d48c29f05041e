/**
 * bench/fuzz: at least 10,000 random requests over every API route (the fuzz test's generator,
 * tests/fixtures/fuzz.ts) against the built app (npm run build:test first), started with its own
 * database, sandbox and worker like bench/posts-list.ts. Two users with one of everything (a
 * Facebook account with pages, a draft, a chat, an image); requests come with the first one's
 * session or none, naming both users' ids and junk. Prints the counts by status, each 5xx case,
 * and whether the second user's rows changed; exits 1 on any 5xx or change.
 *
 *   npx tsx bench/fuzz.ts [--runs 10000] [--concurrency 8] [--seed 42]
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import fc from "fast-check";
import pg from "pg";
import { answerConsent, sandboxControl } from "../sandbox/testing";
import { listApiRoutes } from "../tests/fixtures/api-routes";
import { describeCase, fuzzCaseArbitrary, sendFuzzCase } from "../tests/fixtures/fuzz";
import { pngBytes } from "../tests/fixtures/media-files";
import { snapshotUser } from "../tests/fixtures/user-snapshot";
import { startStack, spawnWorker, stopChild } from "../tests/setup/stack";
import { client } from "./http-client";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "10000" },
    concurrency: { type: "string", default: "8" },
    seed: { type: "string" },
  },
});
const RUNS = Number(values.runs);
const CONCURRENCY = Number(values.concurrency);
const SEED = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);

/** A user with a Facebook account (2 pages), a draft on one, a chat about it and an image. */
async function world(appUrl: string, sandboxUrl: string) {
  const user = client(appUrl);
  const tag = randomBytes(4).toString("hex");
  const email = `fuzz-${tag}@example.com`;
  const registered = await user.call("POST", "/api/auth/register", {
    name: "Fuzz User",
    email,
    password: "secret1",
    password2: "secret1",
  });
  const userId = (registered.user as { id: string }).id;

  const fbId = String(randomBytes(6).readUIntBE(0, 6));
  await sandboxControl(sandboxUrl).defineFacebookUser({
    id: fbId,
    name: `Facebook ${fbId}`,
    email: `${fbId}@example.com`,
    pages: [1, 2].map((n) => ({
      id: `${fbId}${n}`,
      name: `Page ${n} of ${fbId}`,
      tasks: ["CREATE_CONTENT", "MANAGE"],
    })),
  });
  const started = await user.call("GET", "/api/social/auth/facebook/url");
  const callback = await answerConsent((started.data as { authUrl: string }).authUrl);
  const done = await user.call("GET", `/api/social/auth/facebook/callback${callback.search}`);
  const { userAccessToken } = done.data as { userAccessToken: string };
  const listed = await user.call("POST", "/api/social/facebook/pages", { userAccessToken });
  const connected = await user.call("POST", "/api/social/facebook/connect-pages", {
    userAccessToken,
    pages: (listed.data as { id: string }[]).map((page) => page.id),
  });
  const account = connected.data as { id: string; pages: { id: string }[] };
  const pageId = account.pages[0]!.id;

  const draft = await user.call("POST", "/api/social/posts", {
    pages: [{ type: "post", pageId, platform: "facebook" }],
    content: `fuzz ${tag}`,
  });
  const postId = (draft.post as { id: string }).id;
  const chat = await user.call("POST", "/api/openai/chat", { message: "hello", context: "post_enhancement", postId });
  const form = new FormData();
  form.append("media", new Blob([new Uint8Array(pngBytes(8, 8))], { type: "image/png" }), "fuzz.png");
  const uploaded = await user.call("POST", "/api/media/upload", form);
  const filename = (uploaded.data as { filename: string }[])[0]!.filename;
  const chatId = String((chat as { chatId?: unknown }).chatId ?? postId);
  return { cookie: user.cookie(), userId, postId, accountId: account.id, pageId, filename, chatId };
}

const stack = await startStack();
const worker = spawnWorker(stack.env);
const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
const query = async (text: string, params: unknown[]) => ({
  rows: (await pool.query(text, params)).rows as Record<string, unknown>[],
});
const shutDown = async () => {
  await pool.end().catch(() => undefined);
  await stopChild(worker);
  await stack.stop();
};
// Ctrl-C stops the app, the worker and the sandbox and drops the database, as a normal end does.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void shutDown().finally(() => process.exit(130)));
let failed = false;
try {
  const [fuzzer, other] = [await world(stack.appUrl, stack.sandboxUrl), await world(stack.appUrl, stack.sandboxUrl)];
  const otherBefore = await snapshotUser(query, other.userId);
  const ids = {
    postIds: [fuzzer.postId, other.postId],
    accountIds: [fuzzer.accountId, other.accountId],
    pageIds: [fuzzer.pageId, other.pageId],
    filenames: [fuzzer.filename, other.filename],
    chatIds: [fuzzer.chatId, other.chatId],
  };
  const cases = fc.sample(fuzzCaseArbitrary(listApiRoutes(), ids), { numRuns: RUNS, seed: SEED });
  console.log(`${cases.length} cases (seed ${SEED}), ${CONCURRENCY} at a time, against ${stack.appUrl}`);

  const statuses = new Map<number, number>();
  const serverErrors: string[] = [];
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < cases.length) {
        const fuzz = cases[next++]!;
        // A connection the server closed as idle just as the client reused it fails the fetch
        // before any answer (undici's keep-alive race): such a case is sent once more.
        const send = () => sendFuzzCase(stack.appUrl, fuzz, fuzzer.cookie);
        const response = await send()
          .catch(send)
          .catch((error: unknown) => ({ status: 0, text: `${String(error)} ${String((error as Error).cause ?? "")}` }));
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500 || response.status === 0)
          serverErrors.push(`${response.status} ${describeCase(fuzz)}: ${response.text.slice(0, 200)}`);
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;

  console.log(`\n${cases.length} requests in ${seconds.toFixed(1)} s (${(cases.length / seconds).toFixed(0)}/s)`);
  console.log("status  count");
  for (const [status, count] of [...statuses].sort(([a], [b]) => a - b))
    console.log(`${String(status || "error").padEnd(7)} ${count}`);
  const fiveXx = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
  console.log(`5xx: ${fiveXx}  no answer: ${statuses.get(0) ?? 0}`);
  for (const line of serverErrors.slice(0, 20)) console.log(`  ${line}`);
  const otherChanged = (await snapshotUser(query, other.userId)) !== otherBefore;
  console.log(`the other user's rows: ${otherChanged ? "CHANGED" : "unchanged"}`);
  failed = serverErrors.length > 0 || otherChanged;
} finally {
  await shutDown();
}
process.exit(failed ? 1 : 0);
