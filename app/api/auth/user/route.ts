// GET /api/auth/user — fallback for /api/auth/me (same answer), used when the first check timed out
// PATCH /api/auth/user — { timeZone } sets the IANA zone the user's analytics days are counted in
import { updateTimeZone } from "@/lib/analytics/server/ingest";
import { updateTimeZoneSchema } from "@/lib/analytics/schemas";
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { getSessionSummaryOrThrow } from "@/lib/auth/server/session-summary";

export const GET = withUser(async ({ user }) => ok(await getSessionSummaryOrThrow(user.id)));

export const PATCH = withUser(async ({ req, user }) => {
  const { timeZone } = await parseJson(req, updateTimeZoneSchema);
  await updateTimeZone(user.id, timeZone);
  return ok({ data: { timeZone } });
});
