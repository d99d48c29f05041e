import { randomBytes } from "node:crypto";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "@/db/schema";
import { createTokenCipher } from "@/lib/server/crypto/token-cipher";
import { sandboxControl } from "@/sandbox/testing";
import { facebookPageTokens, twitterToken } from "@/sandbox/testing-tokens";
import { ownWorld } from "../../fixtures/own-world";
import { stopChild } from "../../setup/stack";
import { sleep } from "../../fixtures/sleep";

/**
 * The shared rate limiter across worker processes. These workers get their own database, Redis
 * prefix and sandbox, so that they alone publish these posts (the run's own worker would apply its
 * own limits) and the sandbox's call log holds only theirs.
 */

const { postTargets, posts, socialAccounts, socialPages, users, workerHeartbeats } = schema;
/**
 * Deliberately tight, so that a burst shows whether two processes keep to it together. The window
 * is long next to the delay between the limiter's yes and the request reaching the sandbox, which
 * on a loaded machine can reach a few hundred milliseconds.
 */
const FACEBOOK_LIMIT = "facebook=3/2s";

/** Tells this file's texts apart in the sandbox. */
const runId = randomBytes(4).toString("hex");
const world = ownWorld("rl", { env: { PUBLISH_RATE_LIMITS: FACEBOOK_LIMIT } });

const control = () => sandboxControl(world.sandbox.url);
const cipher = () => createTokenCipher(world.env.TOKEN_ENCRYPTION_KEY!);

/** A user with one connected page, stored as the app stores it (encrypted tokens). */
async function connectedPage(platform: "facebook" | "twitter") {
  const [user] = await world.db
    .insert(users)
    .values({ name: "Rate tester", email: `rl-${randomBytes(4).toString("hex")}@example.com` })
    .returning();
  await world.db.insert(schema.workspaces).values({ id: user!.id, name: "Personal" });
  let platformPageId: string;
  let accountToken: string;
  let pageToken: string | null = null;
  if (platform === "facebook") {
    const pageId = String(randomBytes(6).readUIntBE(0, 6));
    await control().defineFacebookUser({ name: "Rate tester", pages: [{ id: pageId, name: "Rate-limited bakery" }] });
    const tokens = await facebookPageTokens(world.sandbox.url);
    [platformPageId, accountToken, pageToken] = [pageId, tokens.user, tokens.pages[pageId]!];
  } else {
    const tokens = await twitterToken(world.sandbox.url, `rl_${randomBytes(3).toString("hex")}`);
    [platformPageId, accountToken] = [tokens.userId, tokens.token];
  }
  const [account] = await world.db
    .insert(socialAccounts)
    .values({
      workspaceId: user!.id,
      platform,
      platformAccountId: platformPageId,
      accessTokenEnc: cipher().encrypt(accountToken),
    })
    .returning();
  const [page] = await world.db
    .insert(socialPages)
    .values({
      socialAccountId: account!.id,
      workspaceId: user!.id,
      platform,
      pageId: platformPageId,
      name: "Rate-limited page",
      accessTokenEnc: pageToken && cipher().encrypt(pageToken),
    })
    .returning();
  return { userId: user!.id, page: page!, platform };
}

/** Posts due now on that page; a worker starting up queues them (reconcile). */
async function duePosts(target: Awaited<ReturnType<typeof connectedPage>>, texts: string[]): Promise<string[]> {
  const rows = await world.db
    .insert(posts)
    .values(
      texts.map((content) => ({
        workspaceId: target.userId,
        content,
        status: "scheduled" as const,
        scheduledAt: new Date(),
      })),
    )
    .returning({ id: posts.id });
  await world.db.insert(postTargets).values(
    rows.map((row) => ({
      postId: row.id,
      pageId: target.page.id,
      type: "post" as const,
      platform: target.platform,
      pageName: target.page.name,
    })),
  );
  return rows.map((row) => row.id);
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs} ms`);
    await sleep(200);
  }
}

const targetsOf = (postIds: string[]) =>
  world.db.select().from(postTargets).where(inArray(postTargets.postId, postIds));
const allPublished = async (postIds: string[]) =>
  (await targetsOf(postIds)).every((target) => target.status === "published");

describe("rate limits shared by worker processes", () => {
  it(
    "two workers under a shared limit of 3 calls in 2 seconds on one Page never exceed it together",
    { timeout: 120_000 },
    async () => {
      const target = await connectedPage("facebook");
      const texts = Array.from({ length: 12 }, (_, index) => `Batch ${runId} #${index}`);
      const postIds = await duePosts(target, texts);
      world.spawnWorker();
      world.spawnWorker();

      await waitUntil(() => allPublished(postIds), 90_000);
      // Only the publishing calls: the worker's engagement reads of published posts come on top.
      const calls = (await control().publishCalls({ platform: "facebook", target: target.page.pageId })).filter(
        (call) => call.operation === "post",
      );
      expect(calls).toHaveLength(12);
      // Any 4 consecutive calls span at least the window, less a margin for that delay: never 4
      // within two seconds. (Without the limiter all 12 arrive within a fraction of a second.)
      for (let index = 3; index < calls.length; index += 1)
        expect(calls[index]!.atMs - calls[index - 3]!.atMs).toBeGreaterThan(1_500);
      expect(calls.at(-1)!.atMs - calls[0]!.atMs).toBeGreaterThan(5_000);
      // Both processes were up, each post went out once, and waiting for the limit cost no attempt.
      expect(await world.db.select().from(workerHeartbeats)).toHaveLength(2);
      const published = await control().publishedPosts({ platform: "facebook", target: target.page.pageId });
      expect(published.map((post) => post.text).sort()).toEqual([...texts].sort());
      expect((await targetsOf(postIds)).map((row) => row.attempts)).toEqual(postIds.map(() => 1));
    },
  );

  it(
    "a 429 seen by one worker holds another worker process on that account until the reset",
    { timeout: 120_000 },
    async () => {
      const target = await connectedPage("twitter");
      const account = target.page.pageId;
      await control().publishFaults({
        platform: "twitter",
        kind: "rate_limit",
        target: account,
        resetAfterSeconds: 25,
      });
      const [first] = await duePosts(target, [`Before the limit ${runId}`]);

      // Worker one publishes, meets the 429 and stores the hold; then it goes away entirely.
      const one = world.spawnWorker();
      await waitUntil(async () => (await targetsOf([first!]))[0]!.errorCode === "rate_limited", 60_000);
      const [throttled] = await control().publishCalls({ platform: "twitter", target: account });
      expect(throttled!.status).toBe(429);
      // X's reset header is in whole seconds, at least 25 s after the 429: time enough to stop one
      // worker and cold-start another on a busy machine.
      const resetAt = throttled!.atMs + 25_000;
      await stopChild(one);

      // Worker two, a fresh process that never saw the 429, gets another post for the same account.
      const [second] = await duePosts(target, [`After the limit ${runId}`]);
      world.spawnWorker();
      const secondTarget = async () => (await targetsOf([second!]))[0]!;
      await waitUntil(async () => {
        const row = await secondTarget();
        return row.errorCode === "rate_limited" || row.status === "published" || row.status === "failed";
      }, 60_000);
      // Held, not published: it waits for the reset the other process learned of.
      expect(await secondTarget()).toMatchObject({ status: "pending", errorCode: "rate_limited" });
      expect(Date.now()).toBeLessThan(resetAt);

      await waitUntil(() => allPublished([first!, second!]), 60_000);
      const calls = await control().publishCalls({ platform: "twitter", target: account });
      expect(calls.map((call) => call.status)).toEqual([429, 201, 201]);
      for (const call of calls.slice(1)) expect(call.atMs).toBeGreaterThanOrEqual(resetAt - 50);
      // The 429 counted as an attempt of the first post; the second post's wait did not.
      const rows = await targetsOf([first!, second!]);
      expect(rows.find((row) => row.postId === first)!.attempts).toBe(2);
      expect(rows.find((row) => row.postId === second)!.attempts).toBe(1);
    },
  );
});
