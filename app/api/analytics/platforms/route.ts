// GET /api/analytics/platforms — engagement and post counts per platform for a range
import { getPlatformStats } from "@/lib/analytics/server/queries";
import { dateRangeSchema } from "@/lib/analytics/schemas";
import { ok, parseQuery, withMember } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ req, workspace }) =>
  ok({ data: await getPlatformStats(workspace.id, parseQuery(req, dateRangeSchema)) }),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
