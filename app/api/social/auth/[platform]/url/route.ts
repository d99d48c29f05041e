// GET /api/social/auth/{platform}/url — where to send the browser: sign-in (intent=login|signup) or connecting an account (intent=connect)
import { unauthorized } from "@/lib/server/api/errors";
import { getSessionUser } from "@/lib/auth/server/session";
import { ok, parseQuery, requireMember, withPublic } from "@/lib/server/api/route";
import { signInAuthorizationUrl } from "@/lib/auth/server/oauth-sign-in";
import { oauthUrlQuerySchema } from "@/lib/auth/schemas";
import { startConnect } from "@/lib/social/server/connect-service";
import { connectablePlatformSchema } from "@/lib/social/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withPublic<{ platform: string }>(async ({ req, params }) => {
  const { intent } = parseQuery(req, oauthUrlQuerySchema);
  if (intent !== "connect") return ok({ data: { authUrl: await signInAuthorizationUrl(params.platform) } });

  const user = await getSessionUser();
  if (!user) throw unauthorized();
  const workspace = await requireMember(req, user, "manageAccounts");
  const platform = connectablePlatformSchema.parse(params.platform);
  return ok({ data: { authUrl: await startConnect({ workspaceId: workspace.id, userId: user.id }, platform) } });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
