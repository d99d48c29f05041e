// GET, PUT, DELETE /api/post/{id} — read, partially update (not once published), delete one post
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { getPostOrThrow } from "@/lib/posts/server/queries";
import { updatePostSchema } from "@/lib/posts/schemas";
import { deletePost } from "@/lib/posts/server/service";
import { savePost } from "@/lib/publishing/server/schedule-service";
import { can } from "@/lib/workspaces/roles";
import { otherMethods } from "@/lib/server/api/methods";

type Params = { id: string };

export const GET = withMember<Params>("read", async ({ params, workspace }) =>
  ok({ post: await getPostOrThrow(workspace.id, params.id) }),
);

// A contributor edits drafts; scheduling, or changing a post that is not a draft, needs `publish`.
export const PUT = withMember<Params>("draft", async ({ req, params, user, workspace }) => {
  const input = await parseJson(req, updatePostSchema);
  const mayPublish = can(workspace.role, "publish");
  return ok({ message: "Post updated", post: await savePost(workspace.id, user.id, params.id, input, { mayPublish }) });
});

export const DELETE = withMember<Params>("publish", async ({ params, user, workspace }) => {
  await deletePost(workspace.id, user.id, params.id);
  return ok({ message: "Post deleted successfully" });
});

export const { OPTIONS, POST, PATCH } = otherMethods({ GET, PUT, DELETE });
