// GET /api/analytics/performance — views, likes, comments and shares gained per day, week or month
import { getPerformance } from "@/lib/analytics/server/queries";
import { performanceQuerySchema } from "@/lib/analytics/schemas";
import { ok, parseQuery, withMember } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ req, workspace }) =>
  ok({ data: await getPerformance(workspace.id, parseQuery(req, performanceQuerySchema)) }),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
