// GET /api/analytics/performance — views, likes, comments and shares gained per day, week or month
import { getPerformance } from "@/lib/analytics/server/queries";
import { performanceQuerySchema } from "@/lib/analytics/schemas";
import { ok, parseQuery, withUser } from "@/lib/server/api/route";

export const GET = withUser(async ({ req, user }) =>
  ok({ data: await getPerformance(user.id, parseQuery(req, performanceQuerySchema)) }),
);
