// GET /api/analytics/export/daily — the daily series per platform of a range as a CSV download
import { csvResponse, dailyCsv } from "@/lib/analytics/server/exports";
import { dateRangeSchema } from "@/lib/analytics/schemas";
import { parseQuery, withUser } from "@/lib/server/api/route";

export const GET = withUser(async ({ req, user }) =>
  csvResponse(await dailyCsv(user.id, parseQuery(req, dateRangeSchema)), "daily-engagement.csv"),
);
