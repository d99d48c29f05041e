// GET, PUT, DELETE /api/post/{id} — read, partially update (not once published), delete one post
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { getPostOrThrow } from "@/lib/posts/server/queries";
import { updatePostSchema } from "@/lib/posts/schemas";
import { deletePost } from "@/lib/posts/server/service";
import { savePost } from "@/lib/publishing/server/schedule-service";

type Params = { id: string };

export const GET = withUser<Params>(async ({ params, user }) => ok({ post: await getPostOrThrow(user.id, params.id) }));

export const PUT = withUser<Params>(async ({ req, params, user }) => {
  const input = await parseJson(req, updatePostSchema);
  return ok({ message: "Post updated", post: await savePost(user.id, params.id, input) });
});

export const DELETE = withUser<Params>(async ({ params, user }) => {
  await deletePost(user.id, params.id);
  return ok({ message: "Post deleted successfully" });
});
