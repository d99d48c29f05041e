// GET /api/analytics/overview — the seven cards for a range, with each card's change against the previous period
import { getOverview } from "@/lib/analytics/server/queries";
import { dateRangeSchema } from "@/lib/analytics/schemas";
import { ok, parseQuery, withUser } from "@/lib/server/api/route";

export const GET = withUser(async ({ req, user }) =>
  ok({ data: await getOverview(user.id, parseQuery(req, dateRangeSchema)) }),
);
