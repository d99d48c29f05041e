// GET /api/social/auth/{platform}/url — where to send the browser: sign-in with Google/Facebook (intent=login|signup)
import { badRequest } from "@/lib/api/errors";
import { ok, parseQuery, withPublic } from "@/lib/api/route";
import { signInAuthorizationUrl } from "@/lib/auth/oauth-sign-in";
import { oauthUrlQuerySchema } from "@/lib/auth/schemas";

export const GET = withPublic<{ platform: string }>(async ({ req, params }) => {
  const { intent } = parseQuery(req, oauthUrlQuerySchema);
  if (intent === "connect") throw badRequest("Connecting social accounts uses intent=connect on a supported platform");
  const authUrl = await signInAuthorizationUrl(params.platform);
  return ok({ data: { authUrl } });
});
