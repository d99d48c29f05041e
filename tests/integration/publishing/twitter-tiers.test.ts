import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

/**
 * X's access tiers drive the posting limiter. The default tier (TWITTER_API_TIER unset) is Free,
 * the lowest: 17 posts a day per user. Its own key prefix and env, set before the modules load.
 */

const prefix = `postloom-test-tier-${randomBytes(4).toString("hex")}`;
const saved = { ...process.env };
let limiter: typeof import("@/lib/publishing/server/rate-limit");
let closeRedis: () => Promise<void>;

beforeAll(async () => {
  Object.assign(process.env, inject("stack").env, { REDIS_PREFIX: prefix });
  delete process.env.TWITTER_API_TIER;
  delete process.env.PUBLISH_RATE_LIMITS;
  limiter = await import("@/lib/publishing/server/rate-limit");
  ({ closeRedis } = await import("@/lib/server/redis"));
});

afterAll(async () => {
  await closeRedis();
  const redis = new Redis(inject("stack").env.REDIS_URL!);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

describe("X's access tiers", () => {
  it("by default (Free) an account at its window limit waits a day for the 18th post instead of failing", async () => {
    expect(limiter.rateLimitRules("twitter")).toEqual([
      { name: "posts-free-24h", operations: ["post"], max: 17, windowSeconds: 86_400 },
    ]);
    const scope = { platform: "twitter" as const, account: String(randomBytes(6).readUIntBE(0, 6)) };
    for (let call = 0; call < 17; call += 1)
      expect(await limiter.acquireRate(scope, "post")).toEqual({ allowed: true });
    const refused = await limiter.acquireRate(scope, "post");
    expect(refused).toMatchObject({ allowed: false, held: false });
    const waitHours = ((refused as { retryAt: Date }).retryAt.getTime() - Date.now()) / 3_600_000;
    expect(waitHours).toBeGreaterThan(23.9);
    expect(waitHours).toBeLessThanOrEqual(24);
    // Lookups are not posts: the posting window does not hold them.
    expect(await limiter.acquireRate(scope, "lookup")).toEqual({ allowed: true });
  });
});
