import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { env } from "@/lib/server/env";
import { coalesce } from "@/lib/server/coalesce";
import { platformModule, type PlatformOperation, type RateLimitRule } from "@/lib/networks/server";
import { redis } from "@/lib/server/redis";
import { connectablePlatforms, type ConnectablePlatform } from "@/lib/networks/platforms";

/**
 * Per-account publishing rate limits, shared by every worker process through Redis.
 *
 * Each rule (the platform's documented limits, plus PUBLISH_RATE_LIMITS) is a sliding-window log:
 * a sorted set of call times per platform + account + rule, so no window of the rule's length ever
 * holds more than `max` calls, whichever process made them. Times are Redis's own clock (TIME), so
 * workers on different machines agree. A platform's 429 puts a hold on the account until its reset
 * time, and every worker respects it. One Lua script checks the hold and every rule and records
 * the call only when all allow it, so two workers can never both take the last slot.
 *
 * Keys: `{prefix}:rate:{platform:account}:{rule}` and `{prefix}:rate:{platform:account}:hold`
 * (the braces keep one account's keys in one Redis Cluster slot). The checks made together are
 * answered by one script call (acquireTogether).
 */

export interface RateScope {
  platform: ConnectablePlatform;
  /** Facebook Page id, X user id, LinkedIn member id: who the platform counts calls against. */
  account: string;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAt: Date; held: boolean };

/** Thrown before a platform request the limiter refused: the caller tries again at `retryAt`. */
export class RateLimitDeferral extends Error {
  constructor(
    readonly retryAt: Date,
    readonly held: boolean,
  ) {
    super(`Rate limited until ${retryAt.toISOString()}`);
    this.name = "RateLimitDeferral";
  }
}

const UNITS_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const ALL_OPERATIONS: PlatformOperation[] = ["post", "media", "lookup"];
/** `<network>[:<operation>]=<max>/<window>` or `<network>=none`, for any connectable network. */
const RULE_PATTERN = new RegExp(
  `^(${connectablePlatforms.join("|")})(?::(post|media|lookup))?=(?:(none)|(\\d+)\\/(\\d+)(ms|s|m|h|d))$`,
);

/**
 * The rules per platform after PUBLISH_RATE_LIMITS (format checked by lib/server/env.ts), in order:
 * `linkedin=none` drops that platform's rules so far; `facebook=3/1s` adds a rule on every call;
 * `twitter:post=100/1d` one on posts only.
 */
export function parseRateLimits(
  spec: string | undefined,
  defaults: Record<ConnectablePlatform, RateLimitRule[]>,
): Record<ConnectablePlatform, RateLimitRule[]> {
  const rules = Object.fromEntries(
    connectablePlatforms.map((platform) => [platform, [...defaults[platform]]]),
  ) as Record<ConnectablePlatform, RateLimitRule[]>;
  for (const entry of (spec ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = RULE_PATTERN.exec(entry);
    if (!match) throw new Error(`PUBLISH_RATE_LIMITS: cannot read "${entry}"`);
    const [, name, operationName, none, max, amount, unit = "s"] = match;
    // The pattern only matches these names.
    const platform = name as ConnectablePlatform;
    const operation = operationName as PlatformOperation | undefined;
    if (none) {
      rules[platform] = [];
      continue;
    }
    const windowMs = Number(amount) * (UNITS_MS[unit] ?? 1000);
    if (!(Number(max) > 0 && windowMs > 0))
      throw new Error(`PUBLISH_RATE_LIMITS: "${entry}" needs a limit and a window above zero`);
    rules[platform].push({
      name: `custom-${operation ?? "all"}-${max}-per-${windowMs}ms`,
      operations: operation ? [operation] : ALL_OPERATIONS,
      max: Number(max),
      windowSeconds: windowMs / 1000,
    });
  }
  return rules;
}

let configured: Record<ConnectablePlatform, RateLimitRule[]> | undefined;

export function rateLimitRules(platform: ConnectablePlatform): RateLimitRule[] {
  configured ??= parseRateLimits(
    env.PUBLISH_RATE_LIMITS,
    Object.fromEntries(connectablePlatforms.map((each) => [each, platformModule(each).rateLimits])) as Record<
      ConnectablePlatform,
      RateLimitRule[]
    >,
  );
  return configured[platform];
}

// Checks in order, each as if alone, so a check sees the calls recorded by those before it.
// KEYS: per check, its hold, then one log per rule. ARGV[1]: how many checks; then per check how
// many rules, this call's member and its cost (how many calls the request counts as: Graph's ?ids=
// counts each id), then max and window (ms) per rule. Returns per check {allowed (1/0), ms to wait,
// held (1/0)}.
const ACQUIRE = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local results = {}
local k, a = 0, 2
for c = 1, tonumber(ARGV[1]) do
  local rules, member, cost = tonumber(ARGV[a]), ARGV[a + 1], tonumber(ARGV[a + 2])
  a = a + 3
  local hold = redis.call('PTTL', KEYS[k + 1])
  if hold > 0 then
    results[c] = {0, hold, 1}
  else
    local wait, refused = 0, nil
    for r = 1, rules do
      local key, max, window = KEYS[k + 1 + r], tonumber(ARGV[a + 2 * r - 2]), tonumber(ARGV[a + 2 * r - 1])
      redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
      local count = redis.call('ZCARD', key)
      if count + cost > max then
        if count == 0 then refused = window break end
        local index = math.min(count + cost - max - 1, count - 1)
        local blocking = redis.call('ZRANGE', key, index, index, 'WITHSCORES')
        wait = math.max(wait, tonumber(blocking[2]) + window - now)
      end
    end
    if refused then
      results[c] = {0, refused, 0}
    elseif wait > 0 then
      results[c] = {0, wait, 0}
    else
      for r = 1, rules do
        for j = 1, cost do redis.call('ZADD', KEYS[k + 1 + r], now, member .. '#' .. j) end
        redis.call('PEXPIRE', KEYS[k + 1 + r], ARGV[a + 2 * r - 1])
      end
      results[c] = {1, 0, 0}
    end
  end
  k = k + 1 + rules
  a = a + 2 * rules
end
return results`;

// KEYS[1] the hold; ARGV[1] ms from now, ARGV[2] the reset time (for people reading Redis). Only ever lengthens a hold.
const HOLD = `
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[1]) end
return redis.call('PTTL', KEYS[1])`;

interface RateCommands {
  rateAcquire(keyCount: number, ...keysAndArgs: (string | number)[]): Promise<[number, number, number][]>;
  rateHold(keyCount: number, ...keysAndArgs: (string | number)[]): Promise<number>;
}

const prepared = new WeakSet<Redis>();

function client(): Redis & RateCommands {
  const connection = redis();
  if (!prepared.has(connection)) {
    // EVALSHA with a fallback to EVAL: the script is sent once per connection, not per call.
    connection.defineCommand("rateAcquire", { lua: ACQUIRE });
    connection.defineCommand("rateHold", { lua: HOLD });
    prepared.add(connection);
  }
  return connection as Redis & RateCommands;
}

const keyBase = (scope: RateScope) => `${env.REDIS_PREFIX}:rate:{${scope.platform}:${scope.account}}`;

interface RateCheck {
  scope: RateScope;
  rules: RateLimitRule[];
  cost: number;
}

/** Checks in order in one script call (ACQUIRE), each answered as if made alone. */
async function acquireAll(checks: RateCheck[]): Promise<RateDecision[]> {
  const keys: string[] = [];
  const args: (string | number)[] = [checks.length];
  for (const { scope, rules, cost } of checks) {
    const base = keyBase(scope);
    keys.push(`${base}:hold`, ...rules.map((rule) => `${base}:${rule.name}`));
    args.push(rules.length, randomUUID(), Math.max(1, Math.trunc(cost)));
    for (const rule of rules) args.push(rule.max, Math.round(rule.windowSeconds * 1000));
  }
  const answers = await client().rateAcquire(keys.length, ...keys, ...args);
  const now = Date.now();
  return answers.map(([allowed, waitMs, held]) =>
    allowed === 1 ? { allowed: true } : { allowed: false, retryAt: new Date(now + waitMs), held: held === 1 },
  );
}

/**
 * The checks made in the same turn (at the instant thousands of posts fall due, one per page) in one
 * script call: a call per page was a seventh of a worker's time in the burst (docs/benchmarks.md ›
 * publish-lag). On a Redis Cluster, where one script may only name keys of one slot,
 * a batch of several accounts is refused (CROSSSLOT) before it runs, and each check is made alone
 * (coalesce's fallback). A batch that failed while running may have recorded some of its calls:
 * made again alone, those count twice in their window, which can only defer a call, never let one
 * more through.
 */
const acquireTogether = coalesce(acquireAll, async (check: RateCheck) => (await acquireAll([check]))[0]!);

/** Takes one call's slot for this account, or says when one will be free (or the hold ends). */
export async function acquireRate(scope: RateScope, operation: PlatformOperation): Promise<RateDecision> {
  return acquireRateUnder(
    scope,
    rateLimitRules(scope.platform).filter((rule) => rule.operations.includes(operation)),
  );
}

/**
 * The same, under rules the caller names (the metrics sync's read limits, lib/analytics/server/sync.ts);
 * `cost` slots at once (all or none) for a request the platform counts as several calls.
 */
export function acquireRateUnder(scope: RateScope, rules: RateLimitRule[], cost = 1): Promise<RateDecision> {
  return acquireTogether({ scope, rules, cost });
}

/** Holds every call for this account until `until` (a platform's reset time), for all workers. */
export async function holdRate(scope: RateScope, until: Date): Promise<void> {
  const ms = Math.ceil(until.getTime() - Date.now());
  if (ms > 0) await client().rateHold(1, `${keyBase(scope)}:hold`, ms, until.toISOString());
}
