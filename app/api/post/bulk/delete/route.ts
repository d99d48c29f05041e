// DELETE /api/post/bulk/delete — deletes the user's posts among postIds; reports each id
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { bulkDeleteSchema } from "@/lib/posts/schemas";
import { bulkDeletePosts } from "@/lib/posts/server/service";
import { otherMethods } from "@/lib/server/api/methods";

export const DELETE = withMember("publish", async ({ req, user, workspace }) => {
  const { postIds } = await parseJson(req, bulkDeleteSchema);
  return ok(await bulkDeletePosts(workspace.id, user.id, postIds));
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH } = otherMethods({ DELETE });
