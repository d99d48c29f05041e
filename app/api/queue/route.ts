// GET /api/queue?days= — every page's queue: its slots over the next days, their posts, what a paused queue holds
import { ok, parseQuery, withMember } from "@/lib/server/api/route";
import { queueViewQuerySchema } from "@/lib/queue/schemas";
import { getQueueView } from "@/lib/queue/server/queries";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ req, workspace }) => {
  const { days } = parseQuery(req, queueViewQuerySchema);
  return ok({ data: { queues: await getQueueView(workspace.id, days) } });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
