// POST /api/workspaces/switch — { workspaceId } the workspace new pages open in (a cookie); answers the session in it
import { getSessionSummaryOrThrow } from "@/lib/auth/server/session-summary";
import { isHttps } from "@/lib/server/env";
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { switchWorkspaceSchema, WORKSPACE_COOKIE } from "@/lib/workspaces/schemas";
import { assertMemberCan } from "@/lib/workspaces/server/workspaces";
import { otherMethods } from "@/lib/server/api/methods";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export const POST = withUser(async ({ req, user }) => {
  const { workspaceId } = await parseJson(req, switchWorkspaceSchema);
  await assertMemberCan(user.id, workspaceId, "read");
  const response = ok(await getSessionSummaryOrThrow(user, { named: workspaceId }));
  response.cookies.set(WORKSPACE_COOKIE, workspaceId, {
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps,
    path: "/",
    maxAge: YEAR_SECONDS,
  });
  return response;
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
