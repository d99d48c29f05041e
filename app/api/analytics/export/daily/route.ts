// GET /api/analytics/export/daily — the daily series per platform of a range as a CSV download
import { csvResponse, dailyCsv } from "@/lib/analytics/server/exports";
import { dateRangeSchema } from "@/lib/analytics/schemas";
import { parseQuery, withMember } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ req, workspace }) =>
  csvResponse(await dailyCsv(workspace.id, parseQuery(req, dateRangeSchema)), "daily-engagement.csv"),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
