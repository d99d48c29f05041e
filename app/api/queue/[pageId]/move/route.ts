// POST /api/queue/{pageId}/move — { postId, to } moves a queued post to another of the page's slots (swapping)
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { moveQueuePostSchema } from "@/lib/queue/schemas";
import { moveQueuedPost } from "@/lib/queue/server/service";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember<{ pageId: string }>("publish", async ({ req, params, user, workspace }) => {
  const input = await parseJson(req, moveQueuePostSchema);
  const data = await moveQueuedPost(workspace.id, user.id, params.pageId, input);
  return ok({ message: data.message, data });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
