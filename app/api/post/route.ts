// GET /api/post — the user's posts, filtered by status, sorted, paged, with metric totals
import { okWithJsonText, parseQuery, withUser } from "@/lib/server/api/route";
import { listPosts } from "@/lib/posts/server/queries";
import { listPostsQuerySchema } from "@/lib/posts/schemas";

export const GET = withUser(async ({ req, user }) => {
  const { posts, pagination } = await listPosts(user.id, parseQuery(req, listPostsQuerySchema));
  return okWithJsonText({ pagination }, { posts });
});
