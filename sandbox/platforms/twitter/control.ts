import { z } from "zod";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import type { IssuedToken } from "../../state";
import { xBillingState } from "./billing";
import { USERNAME, defineTwitterUser, twitterState } from "./state";
import { X_TIERS } from "./tiers";

/**
 * Test controls for X, under /_control/twitter. Bodies use X's own field names (followers_count,
 * tweet_count) so a fixture reads like the public_metrics it produces.
 */

const count = z.number().int().nonnegative().optional();
const userSchema = z.object({
  id: z.string().regex(/^\d+$/, "X user ids are digits").optional(),
  name: z.string().trim().min(1).max(50).optional(),
  username: z.string().trim().regex(USERNAME, "1-15 letters, digits or underscores").optional(),
  followers_count: count,
  following_count: count,
  tweet_count: count,
  listed_count: count,
});

async function defineUser(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = userSchema.safeParse(await ctx.json());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "Invalid body";
    return json(400, { error: "invalid_request", message });
  }
  const input = parsed.data;
  const user = defineTwitterUser(ctx.store, {
    id: input.id,
    name: input.name,
    username: input.username,
    followersCount: input.followers_count,
    followingCount: input.following_count,
    tweetCount: input.tweet_count,
    listedCount: input.listed_count,
  });
  return json(201, { user });
}

/** Runs `change` on the user's tokens; 404 when the sandbox has never heard of the user. */
function forUser(
  ctx: RequestContext,
  change: (predicate: (token: IssuedToken) => boolean) => number,
  kinds: string[],
  resultName: string,
): SandboxResponse {
  const userId = ctx.params.userId ?? "";
  const known = ctx.store.slice(twitterState).users.has(userId);
  const changed = change(
    (token) => token.platform === "twitter" && token.subject === userId && kinds.includes(token.kind),
  );
  if (!known && changed === 0) return json(404, { error: "not_found", message: `No X user ${userId}` });
  return json(200, { userId, [resultName]: changed });
}

/** The access token went stale: API calls answer 401, and the refresh token still works. */
function expireTokens(ctx: RequestContext): SandboxResponse {
  return forUser(ctx, (predicate) => ctx.store.expireTokens(predicate), ["access"], "expiredTokens");
}

/** The person revoked the app in their settings: access and refresh tokens are dead. */
function revokeTokens(ctx: RequestContext): SandboxResponse {
  const revoke = (predicate: (token: IssuedToken) => boolean) =>
    ctx.store.findTokens(predicate).filter((token) => ctx.store.revokeToken(token.value)).length;
  return forUser(ctx, revoke, ["access", "refresh"], "revokedTokens");
}

const tierSchema = z.object({ tier: z.enum(X_TIERS) });

/** The app moved to another X API plan: its limits apply from now on; calls already counted stay counted. */
async function setTier(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = tierSchema.safeParse(await ctx.json());
  if (!parsed.success)
    return json(400, {
      error: "invalid_request",
      message: `Body must be {"tier": ${X_TIERS.map((tier) => `"${tier}"`).join(" | ")}}`,
    });
  ctx.store.config.xTier = parsed.data.tier;
  return json(200, { tier: ctx.store.config.xTier });
}

const billingSchema = z
  .object({
    credits_usd: z.number().finite().nullable().optional(),
    post_reads_left: z.number().int().nonnegative().optional(),
    spend_limit_reached: z.boolean().optional(),
  })
  .strict();

/**
 * The app's pay-per-use billing: its credit balance (null: not metered), the post reads left of the
 * monthly cap, whether its spending limit is reached. Fields left out keep their value.
 */
async function setBilling(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = billingSchema.safeParse(await ctx.json());
  if (!parsed.success)
    return json(400, {
      error: "invalid_request",
      message:
        'Body must be {"credits_usd"?: number | null, "post_reads_left"?: integer, "spend_limit_reached"?: boolean}',
    });
  const billing = ctx.store.slice(xBillingState);
  const input = parsed.data;
  if (input.credits_usd !== undefined)
    billing.creditsMicros = input.credits_usd === null ? null : Math.round(input.credits_usd * 1_000_000);
  if (input.post_reads_left !== undefined) billing.postReadsLeft = input.post_reads_left;
  if (input.spend_limit_reached !== undefined) billing.spendLimitReached = input.spend_limit_reached;
  return json(200, {
    credits_usd: billing.creditsMicros === null ? null : billing.creditsMicros / 1_000_000,
    post_reads_left: billing.postReadsLeft,
    spend_limit_reached: billing.spendLimitReached,
  });
}

export function registerTwitterControl(router: Router): void {
  router
    .post("/_control/twitter/billing", setBilling)
    .post("/_control/twitter/tier", setTier)
    .post("/_control/twitter/users", defineUser)
    .post("/_control/twitter/users/:userId/expire-token", expireTokens)
    .post("/_control/twitter/users/:userId/revoke", revokeTokens);
}
