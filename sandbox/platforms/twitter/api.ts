import { avatarUrl } from "../../assets";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import type { IssuedToken } from "../../state";
import { withXRateLimit } from "./limits";
import { X_OPERATION_SCOPES, type XOperation } from "./scopes";
import { twitterState, type TwitterUser } from "./state";

/**
 * API v2 under /x/api (api.x.com): GET /2/users/me for now; the posting endpoints will build on
 * `authenticateTwitter`. Errors are X's problem JSON.
 */

const PROBLEM_JSON = { "content-type": "application/problem+json" };

/** What X answers to a missing, unknown, expired or revoked token alike. */
export const unauthorized = () =>
  json(401, { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" }, PROBLEM_JSON);

/** A token without the endpoint's scopes. The exact wording X uses here is unconfirmed. */
export const forbidden = () =>
  json(403, { title: "Forbidden", type: "about:blank", status: 403, detail: "Forbidden" }, PROBLEM_JSON);

export type XAuth = { ok: true; token: IssuedToken } | { ok: false; response: SandboxResponse };

/** The caller's user token, when it is valid and has every scope X's spec lists for `operation`. */
export function authenticateTwitter(ctx: RequestContext, operation: XOperation): XAuth {
  const requiredScopes: readonly string[] = X_OPERATION_SCOPES[operation];
  const value = /^Bearer\s+(\S+)$/i.exec(ctx.headers.authorization ?? "")?.[1];
  const check = value ? ctx.store.checkToken(value, "twitter") : undefined;
  if (check?.status !== "valid" || check.token.kind !== "access") return { ok: false, response: unauthorized() };
  if (!requiredScopes.every((scope) => check.token.scopes.includes(scope))) return { ok: false, response: forbidden() };
  return { ok: true, token: check.token };
}

/** Every field X accepts in `user.fields`; those the sandbox has no value for are left out, as X does. */
const USER_FIELDS = [
  "affiliation",
  "confirmed_email",
  "connection_status",
  "created_at",
  "description",
  "entities",
  "id",
  "is_identity_verified",
  "location",
  "most_recent_tweet_id",
  "name",
  "parody",
  "pinned_tweet_id",
  "profile_banner_url",
  "profile_image_url",
  "protected",
  "public_metrics",
  "receives_your_dm",
  "subscription",
  "subscription_type",
  "url",
  "username",
  "verified",
  "verified_followers_count",
  "verified_type",
  "withheld",
];

function invalidFieldValues(parameter: string, values: string[], allowed: string[]): SandboxResponse {
  return json(
    400,
    {
      errors: [
        {
          parameters: { [parameter]: values },
          message: `The \`${parameter}\` query parameter value [${values.join(",")}] is not one of [${allowed.join(",")}]`,
        },
      ],
      title: "Invalid Request",
      detail: "One or more parameters to your request was invalid.",
      type: "https://api.x.com/2/problems/invalid-request",
    },
    PROBLEM_JSON,
  );
}

function userObject(ctx: RequestContext, user: TwitterUser, token: IssuedToken): Record<string, unknown> {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    created_at: user.createdAt,
    description: "",
    profile_image_url: avatarUrl(ctx.baseUrl, user.name),
    protected: false,
    verified: false,
    verified_type: "none",
    is_identity_verified: false,
    parody: false,
    subscription_type: "None",
    receives_your_dm: true,
    url: "",
    confirmed_email: token.scopes.includes("users.email") ? `${user.username.toLowerCase()}@example.com` : undefined,
    public_metrics: {
      followers_count: user.followersCount,
      following_count: user.followingCount,
      tweet_count: user.tweetCount,
      listed_count: user.listedCount,
      like_count: 0,
      media_count: 0,
    },
  };
}

function me(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = authenticateTwitter(ctx, "GET /2/users/me");
  if (!auth.ok) return Promise.resolve(auth.response);
  return withXRateLimit(ctx, "GET /2/users/me", auth.token, () => userFields(ctx, auth.token));
}

function userFields(ctx: RequestContext, token: IssuedToken): SandboxResponse {
  const requested = (ctx.query.get("user.fields") ?? "")
    .split(",")
    .map((field) => field.trim())
    .filter(Boolean);
  const unknown = requested.filter((field) => !USER_FIELDS.includes(field));
  if (unknown.length > 0) return invalidFieldValues("user.fields", unknown, USER_FIELDS);

  const user = ctx.store.slice(twitterState).users.get(token.subject);
  // Tokens and accounts are reset together, so this is a sandbox bug; answer as for a dead token.
  if (!user) return unauthorized();
  const all = userObject(ctx, user, token);
  // id, name and username always; anything else only when asked for.
  const data: Record<string, unknown> = {};
  for (const field of ["id", "name", "username", ...requested]) if (all[field] !== undefined) data[field] = all[field];
  return json(200, { data });
}

export function registerTwitterApi(router: Router): void {
  router.get("/x/api/2/users/me", me);
}
