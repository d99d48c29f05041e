// POST /api/social/posts — saves a new post (a draft) for the chosen pages
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { createPostSchema } from "@/lib/posts/schemas";
import { createPost } from "@/lib/posts/server/service";

export const POST = withUser(async ({ req, user }) => {
  const input = await parseJson(req, createPostSchema);
  return ok({ message: "Draft saved", post: await createPost(user.id, input) }, { status: 201 });
});
