// GET /api/analytics/top-posts — the user's best posts published in a range, by a chosen figure
import { getTopPosts } from "@/lib/analytics/server/queries";
import { topPostsQuerySchema } from "@/lib/analytics/schemas";
import { ok, parseQuery, withMember } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ req, workspace }) =>
  ok({ data: await getTopPosts(workspace.id, parseQuery(req, topPostsQuerySchema)) }),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
