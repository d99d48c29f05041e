// GET /api/auth/user — fallback for /api/auth/me (same answer), used when the first check timed out
// PATCH /api/auth/user — { timeZone } sets the IANA zone the workspace's analytics days are counted in
import { updateTimeZone } from "@/lib/analytics/server/ingest";
import { updateTimeZoneSchema } from "@/lib/analytics/schemas";
import { ok, parseJson, requestedWorkspace, withMember, withUser } from "@/lib/server/api/route";
import { getSessionSummaryOrThrow } from "@/lib/auth/server/session-summary";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withUser(async ({ req, user }) => ok(await getSessionSummaryOrThrow(user, requestedWorkspace(req))));

export const PATCH = withMember("manageSettings", async ({ req, workspace }) => {
  const { timeZone } = await parseJson(req, updateTimeZoneSchema);
  await updateTimeZone(workspace.id, timeZone);
  return ok({ data: { timeZone } });
});

export const { OPTIONS, POST, PUT, DELETE } = otherMethods({ GET, PATCH });
