// DELETE /api/post/bulk/delete — deletes the user's posts among postIds; reports each id
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { bulkDeleteSchema } from "@/lib/posts/schemas";
import { bulkDeletePosts } from "@/lib/posts/server/service";

export const DELETE = withUser(async ({ req, user }) => {
  const { postIds } = await parseJson(req, bulkDeleteSchema);
  return ok(await bulkDeletePosts(user.id, postIds));
});
