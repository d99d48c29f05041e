// GET /api/analytics/overview — the seven cards for a range, with each card's change against the previous period
import { getOverview } from "@/lib/analytics/server/queries";
import { dateRangeSchema } from "@/lib/analytics/schemas";
import { ok, parseQuery, withMember } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ req, workspace }) =>
  ok({ data: await getOverview(workspace.id, parseQuery(req, dateRangeSchema)) }),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
