import { json, type SandboxResponse } from "../../responses";
import type { RequestContext } from "../../router";
import { defineSlice, type IssuedToken } from "../../state";
import { billingRefusal, chargeFor } from "./billing";
import type { XTier } from "./tiers";

/**
 * X's rate limits per endpoint, per access tier: a per-user window (counted per user token) and a
 * per-app window (every user of the app together), 15 minutes or 24 hours. Pay-per-use: the current
 * table of docs.x.com/x-api/fundamentals/rate-limits (checked 2026-12-01; it lists one Per App and
 * one Per User column, no tiers). Free, Basic and Pro: that page's former per-tier columns. Media
 * endpoints: the current table, the same for every tier. X applies the Per App column to app-only
 * Bearer tokens; the sandbox counts every user token of the app against it too, which is stricter. A window starts with its first call and resets
 * `seconds` later; every answer carries x-rate-limit-* for the endpoint's per-user window (the
 * per-app one where there is no per-user one) and x-user-limit-24hour-* / x-app-limit-24hour-* for
 * 24-hour windows; a call past any of them gets X's 429 and is not counted. Enterprise limits are
 * custom ("contact your account manager"), so that tier has none here. Times are sandbox time.
 */

interface Window {
  max: number;
  seconds: number;
}
interface EndpointLimits {
  user?: Window;
  app?: Window;
}
type LimitedTier = Exclude<XTier, "enterprise">;

const MIN15 = 900;
const DAY = 86_400;
const per = (max: number, seconds: number): Window => ({ max, seconds });
const everyTier = (limits: EndpointLimits): Record<LimitedTier, EndpointLimits> => ({
  payg: limits,
  free: limits,
  basic: limits,
  pro: limits,
});

export const X_ENDPOINT_LIMITS = {
  "POST /2/tweets": {
    payg: { user: per(100, MIN15), app: per(10_000, DAY) },
    free: { user: per(17, DAY), app: per(17, DAY) },
    basic: { user: per(100, DAY), app: per(1667, DAY) },
    pro: { user: per(100, MIN15), app: per(10_000, DAY) },
  },
  "GET /2/users/:id/tweets": {
    payg: { user: per(900, MIN15), app: per(10_000, MIN15) },
    free: { user: per(1, MIN15), app: per(1, MIN15) },
    basic: { user: per(5, MIN15), app: per(10, MIN15) },
    pro: { user: per(900, MIN15), app: per(1500, MIN15) },
  },
  "GET /2/tweets": {
    payg: { user: per(5000, MIN15), app: per(3500, MIN15) },
    free: { user: per(1, MIN15), app: per(1, MIN15) },
    basic: { user: per(15, MIN15), app: per(15, MIN15) },
    pro: { user: per(900, MIN15), app: per(450, MIN15) },
  },
  "GET /2/users/me": {
    payg: { user: per(75, MIN15) },
    free: { user: per(25, DAY) },
    basic: { user: per(250, DAY) },
    pro: { user: per(75, MIN15) },
  },
  "POST /2/media/upload": everyTier({ user: per(500, MIN15), app: per(50_000, DAY) }),
  "GET /2/media/upload": everyTier({ user: per(1000, MIN15), app: per(100_000, DAY) }),
  "POST /2/media/upload/initialize": everyTier({ user: per(1875, MIN15), app: per(180_000, DAY) }),
  "POST /2/media/upload/:id/append": everyTier({ user: per(1875, MIN15), app: per(180_000, DAY) }),
  "POST /2/media/upload/:id/finalize": everyTier({ user: per(1875, MIN15), app: per(180_000, DAY) }),
} satisfies Record<string, Record<LimitedTier, EndpointLimits>>;

export type XEndpoint = keyof typeof X_ENDPOINT_LIMITS;

interface Counter {
  startMs: number;
  count: number;
}

export const xLimitsState = defineSlice<{ windows: Map<string, Counter> }>(
  "twitterLimits",
  () => ({ windows: new Map() }),
  (state) => ({
    windows: Object.fromEntries(
      [...state.windows].map(([key, counter]) => [
        key,
        { start: new Date(counter.startMs).toISOString(), count: counter.count },
      ]),
    ),
  }),
);

interface Bucket {
  key: string;
  window: Window;
  counter: Counter;
}

function bucket(ctx: RequestContext, key: string, window: Window): Bucket {
  const windows = ctx.store.slice(xLimitsState).windows;
  const now = ctx.store.now();
  let counter = windows.get(key);
  if (!counter || now >= counter.startMs + window.seconds * 1000) {
    counter = { startMs: now, count: 0 };
    windows.set(key, counter);
  }
  return { key, window, counter };
}

const resetOf = (item: Bucket) => String(Math.ceil((item.counter.startMs + item.window.seconds * 1000) / 1000));
const remainingOf = (item: Bucket) => String(Math.max(0, item.window.max - item.counter.count));

function headersFor(user: Bucket | undefined, app: Bucket | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  const primary = user ?? app;
  if (primary) {
    headers["x-rate-limit-limit"] = String(primary.window.max);
    headers["x-rate-limit-remaining"] = remainingOf(primary);
    headers["x-rate-limit-reset"] = resetOf(primary);
  }
  for (const [name, item] of [
    ["x-user-limit-24hour", user],
    ["x-app-limit-24hour", app],
  ] as const) {
    if (item?.window.seconds !== DAY) continue;
    headers[`${name}-limit`] = String(item.window.max);
    headers[`${name}-remaining`] = remainingOf(item);
    headers[`${name}-reset`] = resetOf(item);
  }
  return headers;
}

/** What X answers past a limit (v2 problem JSON, as seen in the wild: blorm-network/ZerePy#73). */
const tooManyRequests = (headers: Record<string, string>) =>
  json(
    429,
    { title: "Too Many Requests", detail: "Too Many Requests", type: "about:blank", status: 429 },
    { "content-type": "application/problem+json", ...headers },
  );

/**
 * Runs `handle` within the endpoint's windows for the token's user and app: 429 when one is spent,
 * else the call is counted and the answer gets the rate-limit headers. On pay-per-use the app's
 * credits and usage caps come first (billing.ts): 402 or 429 usage-capped, not counted either.
 */
export async function withXRateLimit(
  ctx: RequestContext,
  endpoint: XEndpoint,
  token: IssuedToken,
  handle: () => SandboxResponse | Promise<SandboxResponse>,
): Promise<SandboxResponse> {
  const tier = ctx.store.config.xTier;
  const refusal = tier === "payg" ? billingRefusal(ctx, endpoint) : null;
  if (refusal) return refusal;
  if (tier === "enterprise") return handle();
  const limits: EndpointLimits = X_ENDPOINT_LIMITS[endpoint][tier];
  const user = limits.user && bucket(ctx, `${endpoint} user:${token.subject}`, limits.user);
  const app = limits.app && bucket(ctx, `${endpoint} app:${token.clientId}`, limits.app);
  const spent = [user, app].some((item) => item && item.counter.count >= item.window.max);
  if (spent) return tooManyRequests(headersFor(user, app));
  for (const item of [user, app]) if (item) item.counter.count += 1;
  const result = await handle();
  if (tier === "payg") chargeFor(ctx, endpoint, token, result);
  return { ...result, headers: { ...result.headers, ...headersFor(user, app) } };
}
