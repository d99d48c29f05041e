import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import type { IssuedToken } from "../../state";
import { scopeProblem } from "./scopes";
import { linkedinState, userinfoClaims } from "./state";

/**
 * The API under /linkedin/api (api.linkedin.com): GET /v2/userinfo for now; the posting endpoints
 * will build on `authenticateLinkedIn`. Errors carry LinkedIn's serviceErrorCode.
 */

const invalidToken = () => json(401, { serviceErrorCode: 65600, message: "Invalid access token", status: 401 });

const revokedToken = () =>
  json(401, {
    status: 401,
    serviceErrorCode: 65601,
    code: "REVOKED_ACCESS_TOKEN",
    message: "The token used in the request has been revoked by the user",
  });

export type LinkedInAuth = { ok: true; token: IssuedToken } | { ok: false; response: SandboxResponse };

/** Expired and unknown tokens look alike to LinkedIn's clients (65600); a revoked one says so (65601). */
export function authenticateLinkedIn(ctx: RequestContext): LinkedInAuth {
  const value = /^Bearer\s+(\S+)$/i.exec(ctx.headers.authorization ?? "")?.[1];
  const check = value ? ctx.store.checkToken(value, "linkedin") : undefined;
  if (check?.status === "revoked" && check.token.kind === "access") return { ok: false, response: revokedToken() };
  if (check?.status !== "valid" || check.token.kind !== "access") return { ok: false, response: invalidToken() };
  return { ok: true, token: check.token };
}

function userinfo(ctx: RequestContext): SandboxResponse {
  const auth = authenticateLinkedIn(ctx);
  if (!auth.ok) return auth.response;
  // OpenID Connect's userinfo needs the openid scope.
  const denied = scopeProblem(auth.token, "openid", "userinfo.GET.NO_VERSION");
  if (denied) return denied;
  const member = ctx.store.slice(linkedinState).members.get(auth.token.subject);
  // Tokens and members are reset together, so this is a sandbox bug; answer as for a dead token.
  if (!member) return invalidToken();
  return json(200, userinfoClaims(member, auth.token.scopes));
}

export function registerLinkedInApi(router: Router): void {
  router.get("/linkedin/api/v2/userinfo", userinfo);
}
