// GET /api/analytics/activity — the dashboard's recent activity (real events) and AI conversation count
import { getDashboardActivity } from "@/lib/analytics/server/activity";
import { ok, withMember } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ workspace, user }) =>
  ok({ data: await getDashboardActivity(workspace.id, user.id) }),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
