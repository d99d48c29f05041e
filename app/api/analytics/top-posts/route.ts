// GET /api/analytics/top-posts — the user's best posts published in a range, by a chosen figure
import { getTopPosts } from "@/lib/analytics/server/queries";
import { topPostsQuerySchema } from "@/lib/analytics/schemas";
import { ok, parseQuery, withUser } from "@/lib/server/api/route";

export const GET = withUser(async ({ req, user }) =>
  ok({ data: await getTopPosts(user.id, parseQuery(req, topPostsQuerySchema)) }),
);
