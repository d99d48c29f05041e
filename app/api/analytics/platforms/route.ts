// GET /api/analytics/platforms — engagement and post counts per platform for a range
import { getPlatformStats } from "@/lib/analytics/server/queries";
import { dateRangeSchema } from "@/lib/analytics/schemas";
import { ok, parseQuery, withUser } from "@/lib/server/api/route";

export const GET = withUser(async ({ req, user }) =>
  ok({ data: await getPlatformStats(user.id, parseQuery(req, dateRangeSchema)) }),
);
