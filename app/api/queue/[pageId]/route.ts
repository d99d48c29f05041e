// PUT /api/queue/{pageId} — the page's posting slots, time zone, and pausing or resuming its queue
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { updateQueueSchema } from "@/lib/queue/schemas";
import { updateQueue } from "@/lib/queue/server/service";
import { otherMethods } from "@/lib/server/api/methods";

export const PUT = withMember<{ pageId: string }>("publish", async ({ req, params, user, workspace }) => {
  const input = await parseJson(req, updateQueueSchema);
  const data = await updateQueue(workspace.id, user.id, params.pageId, input);
  return ok({ message: data.message, data });
});

export const { GET, HEAD, OPTIONS, POST, PATCH, DELETE } = otherMethods({ PUT });
