import { randomBytes } from "node:crypto";
import { eq, gte } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "@/db/schema";
import { DEFAULT_LINKEDIN_VERSION } from "@/lib/networks/server/api-versions";
import { createTokenCipher } from "@/lib/server/crypto/token-cipher";
import { sandboxControl } from "@/sandbox/testing";
import { linkedInToken, twitterToken } from "@/sandbox/testing-tokens";
import { call } from "../../fixtures/fetch-json";
import { ownWorld } from "../../fixtures/own-world";
import { sleep } from "../../fixtures/sleep";

/**
 * The platforms' own limits, met by the real worker: an X account whose window is spent in the
 * sandbox (X's Pro tier here, the app configured alike) and a LinkedIn member at the day's limit.
 * The limits were spent outside this app's limiter (another installation, a wiped Redis), so only
 * the platform's 429 can tell. The worker must wait for the platform's reset and then post once,
 * never fail the post. The sandbox clock is moved to just before each reset instead of waiting
 * 15 minutes or until midnight. Own database, Redis prefix, sandbox and worker, as rate-limit.test.ts.
 */

const { postTargets, posts, socialAccounts, socialPages, users } = schema;
const LI_HEADERS = {
  "LinkedIn-Version": DEFAULT_LINKEDIN_VERSION,
  "X-Restli-Protocol-Version": "2.0.0",
  "content-type": "application/json",
};

/** Tells this file's texts apart in the sandbox. */
const runId = randomBytes(4).toString("hex");
const world = ownWorld("pl", { sandbox: { xTier: "pro" }, env: { TWITTER_API_TIER: "pro" } });

const control = () => sandboxControl(world.sandbox.url);
const cipher = () => createTokenCipher(world.env.TOKEN_ENCRYPTION_KEY!);
/** The sandbox clock at an answer, from its Date header, in ms. */
const serverMs = (headers: Headers) => Date.parse(headers.get("date") ?? "");

/** A user with one connected X or LinkedIn account, stored as the app stores it, and one post due now. */
async function duePost(platform: "twitter" | "linkedin", accountId: string, token: string, content: string) {
  const [user] = await world.db
    .insert(users)
    .values({ name: "Limit tester", email: `pl-${randomBytes(4).toString("hex")}@example.com` })
    .returning();
  await world.db.insert(schema.workspaces).values({ id: user!.id, name: "Personal" });
  const [account] = await world.db
    .insert(socialAccounts)
    .values({ workspaceId: user!.id, platform, platformAccountId: accountId, accessTokenEnc: cipher().encrypt(token) })
    .returning();
  const [page] = await world.db
    .insert(socialPages)
    .values({ socialAccountId: account!.id, workspaceId: user!.id, platform, pageId: accountId, name: "Limited page" })
    .returning();
  const [post] = await world.db
    .insert(posts)
    .values({ workspaceId: user!.id, content, status: "scheduled", scheduledAt: new Date() })
    .returning({ id: posts.id });
  await world.db
    .insert(postTargets)
    .values({ postId: post!.id, pageId: page!.id, type: "post", platform, pageName: page!.name });
  return post!.id;
}

const targetOf = async (postId: string) =>
  (await world.db.select().from(postTargets).where(eq(postTargets.postId, postId)))[0]!;

/**
 * A worker of this world, once it is taking jobs (its first heartbeat): started before the clock is
 * moved close to a reset, so the seconds left are the dispatcher's, not the worker's start-up's.
 */
async function workerTakingJobs(): Promise<void> {
  const since = new Date(Date.now() - 1000);
  world.spawnWorker();
  await waitUntil(
    async () =>
      (await world.db.select().from(schema.workerHeartbeats).where(gte(schema.workerHeartbeats.startedAt, since)))
        .length > 0,
    60_000,
  );
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs} ms`);
    await sleep(200);
  }
}

describe("the platforms' own rate limits", () => {
  it(
    "X: an account whose 15-minute window is spent gets X's 429; the post waits for the reset and goes out once",
    { timeout: 120_000 },
    async () => {
      const { token, userId } = await twitterToken(world.sandbox.url, `pl_${randomBytes(3).toString("hex")}`);
      const tweet = (text: string) =>
        call(`${world.sandbox.url}/x/api/2/tweets`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ text }),
        });
      // Pro: 100 posts per 15 minutes per user, spent elsewhere.
      let last!: Awaited<ReturnType<typeof tweet>>;
      for (let n = 1; n <= 100; n += 1) last = await tweet(`Elsewhere #${n} ${runId}`);
      expect(last.status).toBe(201);
      expect(last.headers.get("x-rate-limit-remaining")).toBe("0");
      const resetMs = Number(last.headers.get("x-rate-limit-reset")) * 1000;
      // The window resets in 15 minutes: move the sandbox clock to 15 s before that.
      await workerTakingJobs();
      await control().advanceClock((resetMs - serverMs(last.headers)) / 1000 - 15);

      const content = `After the window ${runId}`;
      const postId = await duePost("twitter", userId, token, content);
      await waitUntil(async () => (await targetOf(postId)).errorCode === "rate_limited", 60_000);
      const [throttled] = (await control().publishCalls({ platform: "twitter", target: userId })).slice(100);
      expect(throttled).toMatchObject({ operation: "post", status: 429 });
      expect(throttled!.atMs).toBeLessThan(resetMs);

      await waitUntil(async () => (await targetOf(postId)).status === "published", 60_000);
      const calls = (await control().publishCalls({ platform: "twitter", target: userId })).slice(100);
      expect(calls.map((entry) => entry.status)).toEqual([429, 201]);
      // Sent again only once X's window had reset (both times are the sandbox clock).
      expect(calls[1]!.atMs).toBeGreaterThanOrEqual(resetMs);
      const published = await control().publishedPosts({ platform: "twitter", target: userId });
      expect(published.filter((post) => post.text === content)).toHaveLength(1);
      expect(await targetOf(postId)).toMatchObject({ status: "published", attempts: 2 });
    },
  );

  it(
    "LinkedIn: a member at the day's post limit gets 429; the post waits until midnight UTC and goes out once",
    { timeout: 120_000 },
    async () => {
      const member = await linkedInToken(world.sandbox.url, { email: `pl-${runId}@example.com` });
      const share = (commentary: string) =>
        call(`${world.sandbox.url}/linkedin/api/rest/posts`, {
          method: "POST",
          headers: { authorization: `Bearer ${member.token}`, ...LI_HEADERS },
          body: JSON.stringify({
            author: `urn:li:person:${member.sub}`,
            commentary,
            visibility: "PUBLIC",
            distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
            lifecycleState: "PUBLISHED",
          }),
        });
      const nextMidnight = (ms: number) => {
        const day = new Date(ms);
        return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1);
      };
      // A fresh LinkedIn day (00:00:30 UTC by the sandbox clock), then its 150 posts spent elsewhere.
      const first = await share(`Elsewhere #0 ${runId}`);
      expect(first.status).toBe(201);
      await control().advanceClock((nextMidnight(serverMs(first.headers)) - serverMs(first.headers)) / 1000 + 30);
      let last!: Awaited<ReturnType<typeof share>>;
      for (let n = 1; n <= 150; n += 1) last = await share(`Elsewhere #${n} ${runId}`);
      expect(last.status).toBe(201);
      expect((await share(`One more ${runId}`)).status).toBe(429);
      // To 15 s before the next midnight UTC, when LinkedIn's day starts again.
      const midnight = nextMidnight(serverMs(last.headers));
      await workerTakingJobs();
      await control().advanceClock((midnight - serverMs(last.headers)) / 1000 - 15);

      const content = `After midnight ${runId}`;
      const postId = await duePost("linkedin", member.sub, member.token, content);
      await waitUntil(async () => (await targetOf(postId)).errorCode === "rate_limited", 60_000);
      const before = (await control().publishCalls({ platform: "linkedin", target: member.sub })).slice(152);
      expect(before).toMatchObject([{ operation: "post", status: 429 }]);

      await waitUntil(async () => (await targetOf(postId)).status === "published", 60_000);
      const calls = (await control().publishCalls({ platform: "linkedin", target: member.sub })).slice(152);
      expect(calls.map((entry) => entry.status)).toEqual([429, 201]);
      expect(calls[1]!.atMs).toBeGreaterThanOrEqual(midnight);
      const published = await control().publishedPosts({ platform: "linkedin", target: member.sub });
      expect(published.filter((post) => post.text === content)).toHaveLength(1);
      expect(await targetOf(postId)).toMatchObject({ status: "published", attempts: 2 });
    },
  );
});
