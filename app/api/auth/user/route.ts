// GET /api/auth/user — fallback for /api/auth/me (same answer), used when the first check timed out
import { ok, withUser } from "@/lib/server/api/route";
import { getSessionSummaryOrThrow } from "@/lib/auth/server/session-summary";

export const GET = withUser(async ({ user }) => ok(await getSessionSummaryOrThrow(user.id)));
