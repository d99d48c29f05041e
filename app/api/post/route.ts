// GET /api/post — the user's posts, filtered by status, sorted, paged, with metric totals
import { okWithJsonText, parseQuery, withMember } from "@/lib/server/api/route";
import { listPosts } from "@/lib/posts/server/queries";
import { listPostsQuerySchema } from "@/lib/posts/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ req, workspace }) => {
  const { posts, pagination } = await listPosts(workspace.id, parseQuery(req, listPostsQuerySchema));
  return okWithJsonText({ pagination }, { posts });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
