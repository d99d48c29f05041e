import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testStack } from "../../fixtures/test-stack";

/**
 * X's access tiers drive the posting limiter. The default tier (TWITTER_API_TIER unset) is
 * pay-per-use, X's only plan for new apps since Feb 2026: 100 posts per 15 minutes per user
 * (docs.x.com/x-api/fundamentals/rate-limits). Its own key prefix and env, set before the modules load.
 */

const prefix = `postloom-test-tier-${randomBytes(4).toString("hex")}`;
const saved = { ...process.env };
let limiter: typeof import("@/lib/publishing/server/rate-limit");
let closeRedis: () => Promise<void>;

beforeAll(async () => {
  Object.assign(process.env, testStack().env, { REDIS_PREFIX: prefix });
  delete process.env.TWITTER_API_TIER;
  delete process.env.PUBLISH_RATE_LIMITS;
  limiter = await import("@/lib/publishing/server/rate-limit");
  ({ closeRedis } = await import("@/lib/server/redis"));
});

afterAll(async () => {
  await closeRedis();
  const redis = new Redis(testStack().env.REDIS_URL!);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

describe("X's access tiers", () => {
  it("by default (pay-per-use) an account at its window limit waits 15 minutes for the 101st post instead of failing", async () => {
    expect(limiter.rateLimitRules("twitter")).toEqual([
      { name: "posts-payg-15m", operations: ["post"], max: 100, windowSeconds: 900 },
    ]);
    const scope = { platform: "twitter" as const, account: String(randomBytes(6).readUIntBE(0, 6)) };
    for (let call = 0; call < 100; call += 1)
      expect(await limiter.acquireRate(scope, "post")).toEqual({ allowed: true });
    const refused = await limiter.acquireRate(scope, "post");
    expect(refused).toMatchObject({ allowed: false, held: false });
    const waitMinutes = ((refused as { retryAt: Date }).retryAt.getTime() - Date.now()) / 60_000;
    expect(waitMinutes).toBeGreaterThan(14.9);
    expect(waitMinutes).toBeLessThanOrEqual(15);
    // Lookups are not posts: the posting window does not hold them.
    expect(await limiter.acquireRate(scope, "lookup")).toEqual({ allowed: true });
  });
});
