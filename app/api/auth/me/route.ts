// GET /api/auth/me — the signed-in user with their social accounts and stats
import { ok, withUser } from "@/lib/server/api/route";
import { getSessionSummaryOrThrow } from "@/lib/auth/server/session-summary";

export const GET = withUser(async ({ user }) => ok(await getSessionSummaryOrThrow(user.id)));
