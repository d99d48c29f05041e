import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sleep } from "../../fixtures/sleep";
import { testStack } from "../../fixtures/test-stack";

/**
 * The publishing rate limiter's arithmetic against the real Redis: sliding windows, operations,
 * holds, and atomicity under concurrent callers. Its own key prefix, and its own limits through
 * PUBLISH_RATE_LIMITS, set before the module (and lib/server/env) load.
 */

const prefix = `postloom-test-rl-${randomBytes(4).toString("hex")}`;
const saved = { ...process.env };
let limiter: typeof import("@/lib/publishing/server/rate-limit");
let closeRedis: () => Promise<void>;

beforeAll(async () => {
  Object.assign(process.env, testStack().env, {
    REDIS_PREFIX: prefix,
    PUBLISH_RATE_LIMITS: "facebook=none,facebook=3/1s,twitter:post=2/1s,linkedin=none",
  });
  limiter = await import("@/lib/publishing/server/rate-limit");
  ({ closeRedis } = await import("@/lib/server/redis"));
});

afterAll(async () => {
  await closeRedis();
  const redis = new Redis(testStack().env.REDIS_URL!);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  // Later test files in this process must not inherit our prefix or limits.
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

const account = () => String(randomBytes(6).readUIntBE(0, 6));

describe("rate limit rules", () => {
  it("PUBLISH_RATE_LIMITS adds rules after the platform's defaults; 'none' drops them", () => {
    const defaults = {
      facebook: [{ name: "page", operations: ["post" as const], max: 4800, windowSeconds: 86_400 }],
      twitter: [{ name: "posts", operations: ["post" as const], max: 200, windowSeconds: 900 }],
      linkedin: [{ name: "posts", operations: ["post" as const], max: 150, windowSeconds: 86_400 }],
    };
    const rules = limiter.parseRateLimits("linkedin=none, twitter:media=10/15m,facebook=5/500ms", defaults);
    expect(rules.linkedin).toEqual([]);
    expect(rules.twitter.map((rule) => [rule.operations, rule.max, rule.windowSeconds])).toEqual([
      [["post"], 200, 900],
      [["media"], 10, 900],
    ]);
    expect(rules.facebook[1]).toMatchObject({ operations: ["post", "media", "lookup"], max: 5, windowSeconds: 0.5 });
    expect(() => limiter.parseRateLimits("twitter=5", defaults)).toThrow(/twitter=5/);
    // The documented defaults are what the app runs with when nothing is configured.
    expect(limiter.rateLimitRules("linkedin")).toEqual([]);
    expect(limiter.rateLimitRules("twitter").map((rule) => rule.max)).toEqual([200, 300, 2]);
  });
});

describe("acquireRate and holdRate against Redis", () => {
  it("allows `max` calls in any window, then says when the oldest leaves it", async () => {
    const scope = { platform: "facebook" as const, account: account() };
    const started = Date.now();
    // Calls at 0, 300 and 600 ms: the fourth must wait for the first to be a second old.
    // The first call's own instant lies between its start and its answer: the retry is a second on.
    let firstAnswered = 0;
    for (const at of [0, 300, 600]) {
      await sleep(started + at - Date.now());
      expect(await limiter.acquireRate(scope, "post")).toEqual({ allowed: true });
      if (at === 0) firstAnswered = Date.now();
    }
    const asked = Date.now();
    const refused = await limiter.acquireRate(scope, "media");
    const answered = Date.now();
    expect(refused).toMatchObject({ allowed: false, held: false });
    if (refused.allowed) return;
    expect(refused.retryAt.getTime()).toBeGreaterThan(started + 900);
    // retryAt is the answer's arrival plus Redis's wait, which was reckoned when the script ran:
    // at most the first call's instant and a second, plus this call's own round trip.
    expect(refused.retryAt.getTime()).toBeLessThanOrEqual(firstAnswered + 1000 + (answered - asked));
    // Another account has its own window.
    expect(await limiter.acquireRate({ platform: "facebook", account: account() }, "post")).toEqual({ allowed: true });
    // The window slides: one slot frees at ~1000 ms, the next only at ~1300 ms.
    await sleep(refused.retryAt.getTime() - Date.now() + 20);
    expect(await limiter.acquireRate(scope, "lookup")).toEqual({ allowed: true });
    const next = await limiter.acquireRate(scope, "post");
    expect(next.allowed).toBe(false);
    if (!next.allowed) expect(next.retryAt.getTime()).toBeGreaterThan(started + 1200);
  });

  it("lets exactly `max` of many concurrent callers through", async () => {
    const scope = { platform: "facebook" as const, account: account() };
    const decisions = await Promise.all(Array.from({ length: 25 }, () => limiter.acquireRate(scope, "post")));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(3);
  });

  it("answers the checks made together in one script call, each as if made alone", async () => {
    const { redis } = await import("@/lib/server/redis");
    const connection = redis();
    const [busy, quiet, held] = [account(), account(), account()];
    const facebook = (id: string) => ({ platform: "facebook" as const, account: id });
    const twitter = { platform: "twitter" as const, account: account() };
    await limiter.holdRate(facebook(held), new Date(Date.now() + 60_000));
    // The script loaded on this connection before counting (a first call may need EVAL after EVALSHA).
    await limiter.acquireRate(facebook(account()), "post");
    const send = connection.sendCommand;
    let scripts = 0;
    // Only watched: the commands this process sends for the checks below.
    connection.sendCommand = function (this: typeof connection, ...args: Parameters<typeof send>) {
      if (/^eval/i.test(args[0].name)) scripts += 1;
      return send.apply(this, args);
    } as typeof send;
    let decisions;
    try {
      decisions = await Promise.all([
        ...Array.from({ length: 5 }, () => limiter.acquireRate(facebook(busy), "post")),
        limiter.acquireRate(facebook(quiet), "post"),
        limiter.acquireRate(facebook(held), "post"),
        ...Array.from({ length: 3 }, () => limiter.acquireRate(twitter, "post")),
        limiter.acquireRate(twitter, "media"),
      ]);
    } finally {
      connection.sendCommand = send;
    }
    expect(scripts).toBe(1);
    expect(decisions.map((decision) => (decision.allowed ? "allowed" : decision.held ? "held" : "wait"))).toEqual([
      ...["allowed", "allowed", "allowed", "wait", "wait"],
      "allowed",
      "held",
      ...["allowed", "allowed", "wait"],
      "allowed",
    ]);
  });

  it("counts only the operations a rule names", async () => {
    const scope = { platform: "twitter" as const, account: account() };
    for (let call = 0; call < 10; call += 1) expect((await limiter.acquireRate(scope, "media")).allowed).toBe(true);
    expect((await limiter.acquireRate(scope, "post")).allowed).toBe(true);
    expect((await limiter.acquireRate(scope, "post")).allowed).toBe(true);
    expect((await limiter.acquireRate(scope, "post")).allowed).toBe(false);
    expect((await limiter.acquireRate(scope, "lookup")).allowed).toBe(true);
  });

  it("a hold stops every operation of that account until it ends, and is never shortened", async () => {
    const scope = { platform: "linkedin" as const, account: account() };
    const until = new Date(Date.now() + 1500);
    await limiter.holdRate(scope, until);
    await limiter.holdRate(scope, new Date(Date.now() + 300));
    for (const operation of ["post", "media", "lookup"] as const) {
      const decision = await limiter.acquireRate(scope, operation);
      expect(decision).toMatchObject({ allowed: false, held: true });
      if (!decision.allowed) expect(Math.abs(decision.retryAt.getTime() - until.getTime())).toBeLessThan(100);
    }
    expect((await limiter.acquireRate({ platform: "linkedin", account: account() }, "post")).allowed).toBe(true);
    await sleep(until.getTime() - Date.now() + 20);
    expect((await limiter.acquireRate(scope, "post")).allowed).toBe(true);
  });

  it("keeps its keys under the configured prefix, each expiring with its window", async () => {
    const scope = { platform: "facebook" as const, account: account() };
    await limiter.acquireRate(scope, "post");
    await limiter.holdRate(scope, new Date(Date.now() + 60_000));
    const redis = new Redis(testStack().env.REDIS_URL!);
    const keys = (await redis.keys(`${prefix}:rate:{facebook:${scope.account}}:*`)).sort();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(`${prefix}:rate:{facebook:${scope.account}}:hold`);
    const ttls = await Promise.all(keys.map((key) => redis.pttl(key)));
    expect(ttls[0]).toBeGreaterThan(0);
    expect(ttls[0]).toBeLessThanOrEqual(1000);
    expect(ttls[1]).toBeGreaterThan(55_000);
    await redis.quit();
  });
});
