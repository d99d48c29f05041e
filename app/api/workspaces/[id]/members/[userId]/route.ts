// PATCH /api/workspaces/{id}/members/{userId} — { role } a member's new role (owners and admins; owners only for owners)
// DELETE /api/workspaces/{id}/members/{userId} — removes a member (owners and admins), or leaves (one's own id)
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { changeMemberRoleSchema, TEAM_MESSAGES } from "@/lib/workspaces/schemas";
import { changeMemberRole, removeMember } from "@/lib/workspaces/server/members";
import { assertMemberCan } from "@/lib/workspaces/server/workspaces";
import { otherMethods } from "@/lib/server/api/methods";

type Params = { id: string; userId: string };

export const PATCH = withUser<Params>(async ({ req, params, user }) => {
  // Refused before the body is read: a non-member's 404 and a viewer's 403 whatever they send.
  await assertMemberCan(user.id, params.id, "manageMembers");
  const { role } = await parseJson(req, changeMemberRoleSchema);
  await changeMemberRole(user.id, params.id, params.userId, role);
  return ok({ message: TEAM_MESSAGES.roleChanged });
});

export const DELETE = withUser<Params>(async ({ params, user }) => {
  const outcome = await removeMember(user.id, params.id, params.userId);
  return ok({ message: outcome === "left" ? TEAM_MESSAGES.left : TEAM_MESSAGES.removed });
});

export const { GET, HEAD, OPTIONS, POST, PUT } = otherMethods({ PATCH, DELETE });
