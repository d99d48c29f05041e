import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "@/db/schema";
import { createTokenCipher } from "@/lib/server/crypto/token-cipher";
import { sandboxControl } from "@/sandbox/testing";
import { twitterToken } from "@/sandbox/testing-tokens";
import { call } from "../../fixtures/fetch-json";
import { ownWorld } from "../../fixtures/own-world";
import { until } from "./helpers";

/**
 * X's own limit on the metrics read, met by the real worker: on the Basic tier (sandbox and app
 * alike) `GET /2/tweets` allows 15 calls per user per 15 minutes. The window was spent outside this
 * app's limiter (another installation, a wiped Redis), so only X's 429 can tell: the sync must
 * wait for X's reset (no fault injected: the sandbox's real window) and then read the page once.
 * The sandbox clock is moved to just before the reset instead of waiting 15 minutes. X's per-app
 * window (Free: 1 for all users) is kept by our own limiter, so a second account never meets it. Own
 * database, Redis prefix, sandbox and worker, as tests/integration/publishing/platform-limits.test.ts.
 */

const { postTargets, posts, socialAccounts, socialPages, targetMetrics, users } = schema;

/** Tells this file's texts apart in the sandbox. */
const runId = randomBytes(4).toString("hex");
const world = ownWorld("xl", { sandbox: { xTier: "basic" }, env: { TWITTER_API_TIER: "basic" } });

const control = () => sandboxControl(world.sandbox.url);
const cipher = () => createTokenCipher(world.env.TOKEN_ENCRYPTION_KEY!);
/** The sandbox clock at an answer, from its Date header, in ms. */
const serverMs = (headers: Headers) => Date.parse(headers.get("date") ?? "");

/** A user with the X account connected as the app stores it, and `tweetId` published from it just now. */
async function publishedPage(accountId: string, token: string, tweetId: string) {
  const [user] = await world.db
    .insert(users)
    .values({ name: "Limit tester", email: `xl-${randomBytes(4).toString("hex")}@example.com` })
    .returning();
  await world.db.insert(schema.workspaces).values({ id: user!.id, name: "Personal" });
  const [account] = await world.db
    .insert(socialAccounts)
    .values({
      workspaceId: user!.id,
      platform: "twitter",
      platformAccountId: accountId,
      accessTokenEnc: cipher().encrypt(token),
    })
    .returning();
  const [page] = await world.db
    .insert(socialPages)
    .values({ socialAccountId: account!.id, workspaceId: user!.id, platform: "twitter", pageId: accountId, name: "X" })
    .returning();
  const publishedAt = new Date();
  const [post] = await world.db
    .insert(posts)
    .values({ workspaceId: user!.id, content: "Measured", status: "published", publishedAt })
    .returning({ id: posts.id });
  // Published: the database gives it its target_metrics row, due at once.
  const [target] = await world.db
    .insert(postTargets)
    .values({
      postId: post!.id,
      pageId: page!.id,
      type: "post",
      platform: "twitter",
      pageName: page!.name,
      status: "published",
      platformPostId: tweetId,
      publishedAt,
    })
    .returning();
  return target!.id;
}

const metricsOf = async (targetId: string) =>
  (await world.db.select().from(targetMetrics).where(eq(targetMetrics.postTargetId, targetId)))[0]!;

describe("the metrics sync within X's own limits", () => {
  it(
    "Basic: a user whose GET /2/tweets window is spent gets X's 429; the read waits for X's reset, then happens once",
    { timeout: 120_000 },
    async () => {
      // The worker starts first (it polls every 5 s), so the page is read soon after it is published.
      world.spawnWorker();
      const { token, userId } = await twitterToken(world.sandbox.url, `xl_${randomBytes(3).toString("hex")}`);
      const created = await call(`${world.sandbox.url}/x/api/2/tweets`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ text: `Measured ${runId}` }),
      });
      expect(created.status).toBe(201);
      const tweetId = (created.body as { data: { id: string } }).data.id;
      // Basic: 15 lookups per 15 minutes per user (and per app), spent elsewhere.
      const lookup = () =>
        call(`${world.sandbox.url}/x/api/2/tweets?ids=${tweetId}&tweet.fields=public_metrics`, {
          headers: { authorization: `Bearer ${token}` },
        });
      let last!: Awaited<ReturnType<typeof lookup>>;
      for (let n = 1; n <= 15; n += 1) last = await lookup();
      expect(last.status).toBe(200);
      expect(last.headers.get("x-rate-limit-remaining")).toBe("0");
      const resetMs = Number(last.headers.get("x-rate-limit-reset")) * 1000;
      // The window resets in 15 minutes: move the sandbox clock to 25 s before that.
      await control().advanceClock((resetMs - serverMs(last.headers)) / 1000 - 25);

      const targetId = await publishedPage(userId, token, tweetId);
      const limited = await until(
        () => metricsOf(targetId),
        (row) => row.lastError?.startsWith("Rate limited") ?? false,
        "X's 429 to hold the read",
        60_000,
      );
      const reads = async () =>
        (await control().publishCalls({ platform: "twitter", target: userId, metricReads: true }))
          .filter((entry) => entry.operation === "metrics")
          .slice(15);
      const [refused] = await reads();
      expect(refused).toMatchObject({ status: 429 });
      expect(refused!.atMs).toBeLessThan(resetMs);
      expect(limited.capturedAt).toBeNull();
      // Due again at X's reset (x-rate-limit-reset against the answer's Date), not before.
      expect(limited.nextSyncAt!.getTime()).toBeGreaterThan(Date.now() + 2_000);

      const read = await until(
        () => metricsOf(targetId),
        (row) => row.capturedAt !== null,
        "the read after X's reset",
        60_000,
      );
      const calls = await reads();
      expect(calls.map((entry) => entry.status)).toEqual([429, 200]);
      // Sent again only once X's window had reset (both times are the sandbox clock).
      expect(calls[1]!.atMs).toBeGreaterThanOrEqual(resetMs);
      expect(read.views).toBeGreaterThan(0);
      expect(read.lastError).toBeNull();
    },
  );
  it(
    "Free: X's one lookup per 15 minutes per app is shared by every user: a second account waits in our limiter, X never refuses it",
    { timeout: 120_000 },
    async () => {
      // A new 15-minute window (the sandbox clock), on the Free plan, for X and for the app.
      await control().advanceClock(1_000);
      await control().setTwitterTier("free");
      world.spawnWorker({ TWITTER_API_TIER: "free" });
      const accounts: { userId: string; token: string; tweetId: string }[] = [];
      for (const name of ["a", "b"]) {
        const { token, userId } = await twitterToken(world.sandbox.url, `xf${name}_${randomBytes(3).toString("hex")}`);
        const created = await call(`${world.sandbox.url}/x/api/2/tweets`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ text: `Free ${name} ${runId}` }),
        });
        expect(created.status).toBe(201);
        accounts.push({ userId, token, tweetId: (created.body as { data: { id: string } }).data.id });
      }
      const targets: string[] = [];
      for (const account of accounts) targets.push(await publishedPage(account.userId, account.token, account.tweetId));

      const rows = await until(
        () => Promise.all(targets.map(metricsOf)),
        (values) =>
          values.some((row) => row.capturedAt !== null) &&
          values.some((row) => row.lastError === "Waiting for the platform's rate limit."),
        "one account read and the other held by the app's window",
        60_000,
      );
      const readIndex = rows.findIndex((row) => row.capturedAt !== null);
      const waiting = rows[1 - readIndex]!;
      const reads = async (userId: string) =>
        (await control().publishCalls({ platform: "twitter", target: userId, metricReads: true })).filter(
          (entry) => entry.operation === "metrics",
        );
      expect((await reads(accounts[readIndex]!.userId)).map((entry) => entry.status)).toEqual([200]);
      // The other account never called X (no 429 from X's app window), and is due when the window ends.
      expect(await reads(accounts[1 - readIndex]!.userId)).toEqual([]);
      expect(waiting.capturedAt).toBeNull();
      expect(waiting.nextSyncAt!.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
    },
  );
});
