// GET /api/analytics/activity — the dashboard's recent activity (real events) and AI conversation count
import { getDashboardActivity } from "@/lib/analytics/server/activity";
import { ok, withUser } from "@/lib/server/api/route";

export const GET = withUser(async ({ user }) => ok({ data: await getDashboardActivity(user.id) }));
