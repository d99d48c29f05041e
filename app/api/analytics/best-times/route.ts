// GET /api/analytics/best-times — engagement rate by local weekday and hour of publishing
import { getBestTimes } from "@/lib/analytics/server/queries";
import { dateRangeSchema } from "@/lib/analytics/schemas";
import { ok, parseQuery, withUser } from "@/lib/server/api/route";

export const GET = withUser(async ({ req, user }) =>
  ok({ data: await getBestTimes(user.id, parseQuery(req, dateRangeSchema)) }),
);
