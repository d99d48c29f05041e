// GET /api/workspaces/{id}/members — the members, open invitations and seats of the plan (any member)
import { ok, withUser } from "@/lib/server/api/route";
import { listTeam } from "@/lib/workspaces/server/members";
import { assertMemberCan } from "@/lib/workspaces/server/workspaces";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withUser<{ id: string }>(async ({ params, user }) => {
  await assertMemberCan(user.id, params.id, "read");
  return ok({ data: await listTeam(params.id) });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
