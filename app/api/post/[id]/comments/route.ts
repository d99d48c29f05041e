// GET /api/post/{id}/comments — the post's comments, oldest first (every member)
// POST /api/post/{id}/comments — { body } adds one, e-mailing the members it mentions (members who write posts)
import { COMMENT_MESSAGES, commentRequestSchema } from "@/lib/activity/schemas";
import { createComment, listComments } from "@/lib/activity/server/comments";
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

type Params = { id: string };

export const GET = withMember<Params>("read", async ({ params, workspace }) =>
  ok({ data: await listComments(workspace.id, params.id) }),
);

export const POST = withMember<Params>("draft", async ({ req, params, user, workspace }) => {
  // Validated by the service once the post is known to be the workspace's: another's answers 404 whatever the body.
  const body = await parseJson(req, commentRequestSchema);
  const comment = await createComment(workspace.id, user.id, params.id, body);
  return ok({ message: COMMENT_MESSAGES.added, data: comment }, { status: 201 });
});

export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods({ GET, POST });
