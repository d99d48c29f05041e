// POST /api/social/posts — saves a new post (a draft) for the chosen pages
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { createPostSchema } from "@/lib/posts/schemas";
import { createPost } from "@/lib/posts/server/service";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember("draft", async ({ req, workspace, user }) => {
  const input = await parseJson(req, createPostSchema);
  return ok({ message: "Draft saved", post: await createPost(workspace.id, user.id, input) }, { status: 201 });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
