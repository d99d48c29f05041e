// GET /api/analytics/export/top-posts — the top posts of a range as a CSV download
import { csvResponse, topPostsCsv } from "@/lib/analytics/server/exports";
import { topPostsQuerySchema } from "@/lib/analytics/schemas";
import { parseQuery, withUser } from "@/lib/server/api/route";

export const GET = withUser(async ({ req, user }) =>
  csvResponse(await topPostsCsv(user.id, parseQuery(req, topPostsQuerySchema)), "top-posts.csv"),
);
