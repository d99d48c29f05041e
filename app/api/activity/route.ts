// GET /api/activity — the workspace's activity log, newest first, by person (actor) and post, a page before a cursor (owners and admins)
import { listActivityQuerySchema } from "@/lib/activity/schemas";
import { listActivity } from "@/lib/activity/server/queries";
import { ok, parseQuery, withMember } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("manageMembers", async ({ req, workspace }) =>
  ok(await listActivity(workspace.id, parseQuery(req, listActivityQuerySchema))),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
