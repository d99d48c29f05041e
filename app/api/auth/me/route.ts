// GET /api/auth/me — the signed-in person in the request's workspace: its accounts and stats, and their workspaces
import { ok, requestedWorkspace, withUser } from "@/lib/server/api/route";
import { getSessionSummaryOrThrow } from "@/lib/auth/server/session-summary";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withUser(async ({ req, user }) => ok(await getSessionSummaryOrThrow(user, requestedWorkspace(req))));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
