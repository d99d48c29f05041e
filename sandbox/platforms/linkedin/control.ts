import { z } from "zod";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import type { IssuedToken } from "../../state";
import { LINKEDIN_ACCESS_TOKEN_SECONDS, linkedinState } from "./state";

/** Test controls for LinkedIn, under /_control/linkedin. */

const settingsSchema = z
  .object({
    partnerRefreshTokens: z.boolean().optional(),
    /** Shorter-lived sign-in tokens, for tests of an approaching expiry (default 60 days). */
    accessTokenSeconds: z.number().int().min(60).max(LINKEDIN_ACCESS_TOKEN_SECONDS).optional(),
  })
  .refine((body) => body.partnerRefreshTokens !== undefined || body.accessTokenSeconds !== undefined);

async function settings(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = settingsSchema.safeParse(await ctx.json());
  if (!parsed.success)
    return json(400, {
      error: "invalid_request",
      message: 'Body must be {"partnerRefreshTokens"?: boolean, "accessTokenSeconds"?: 60..5184000}, with at least one',
    });
  const state = ctx.store.slice(linkedinState);
  // Only later token responses change: refresh tokens already issued keep working, as an app's
  // programmatic-refresh approval does not reach back to tokens it already holds.
  const { partnerRefreshTokens, accessTokenSeconds } = parsed.data;
  if (partnerRefreshTokens !== undefined) state.partnerRefreshTokens = partnerRefreshTokens;
  if (accessTokenSeconds !== undefined) state.accessTokenSeconds = accessTokenSeconds;
  return json(200, {
    ...(partnerRefreshTokens !== undefined ? { partnerRefreshTokens: state.partnerRefreshTokens } : {}),
    ...(accessTokenSeconds !== undefined ? { accessTokenSeconds: state.accessTokenSeconds } : {}),
  });
}

function forMember(
  ctx: RequestContext,
  change: (predicate: (token: IssuedToken) => boolean) => number,
  kinds: string[],
  resultName: string,
): SandboxResponse {
  const sub = ctx.params.sub ?? "";
  const known = ctx.store.slice(linkedinState).members.has(sub);
  const changed = change(
    (token) => token.platform === "linkedin" && token.subject === sub && kinds.includes(token.kind),
  );
  if (!known && changed === 0) return json(404, { error: "not_found", message: `No LinkedIn member ${sub}` });
  return json(200, { sub, [resultName]: changed });
}

/** The 60 days are over: API calls answer 401/65600; a partner's refresh token still works. */
function expireTokens(ctx: RequestContext): SandboxResponse {
  return forMember(ctx, (predicate) => ctx.store.expireTokens(predicate), ["access"], "expiredTokens");
}

/** The member removed the app in their settings: 401/65601, and refreshing fails. */
function revokeTokens(ctx: RequestContext): SandboxResponse {
  const revoke = (predicate: (token: IssuedToken) => boolean) =>
    ctx.store.findTokens(predicate).filter((token) => ctx.store.revokeToken(token.value)).length;
  return forMember(ctx, revoke, ["access", "refresh"], "revokedTokens");
}

export function registerLinkedInControl(router: Router): void {
  router
    .post("/_control/linkedin/settings", settings)
    .post("/_control/linkedin/members/:sub/expire-token", expireTokens)
    .post("/_control/linkedin/members/:sub/revoke", revokeTokens);
}
