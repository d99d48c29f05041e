// POST /api/workspaces/{id}/invitations — { email, role } mails an invitation (owners and admins), replacing the address's open one
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { inviteMemberSchema, TEAM_MESSAGES } from "@/lib/workspaces/schemas";
import { inviteMember } from "@/lib/workspaces/server/invitations";
import { assertMemberCan } from "@/lib/workspaces/server/workspaces";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withUser<{ id: string }>(async ({ req, params, user }) => {
  await assertMemberCan(user.id, params.id, "manageMembers");
  const input = await parseJson(req, inviteMemberSchema);
  const invitation = await inviteMember(user.id, params.id, input);
  return ok({ message: TEAM_MESSAGES.invited(invitation.email), data: invitation }, { status: 201 });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
