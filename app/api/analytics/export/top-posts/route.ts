// GET /api/analytics/export/top-posts — the top posts of a range as a CSV download
import { csvResponse, topPostsCsv } from "@/lib/analytics/server/exports";
import { topPostsQuerySchema } from "@/lib/analytics/schemas";
import { parseQuery, withMember } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ req, workspace }) =>
  csvResponse(await topPostsCsv(workspace.id, parseQuery(req, topPostsQuerySchema)), "top-posts.csv"),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
