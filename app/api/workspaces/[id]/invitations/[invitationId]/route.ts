// DELETE /api/workspaces/{id}/invitations/{invitationId} — revokes an open invitation (owners and admins)
import { ok, withUser } from "@/lib/server/api/route";
import { TEAM_MESSAGES } from "@/lib/workspaces/schemas";
import { revokeInvitation } from "@/lib/workspaces/server/invitations";
import { otherMethods } from "@/lib/server/api/methods";

export const DELETE = withUser<{ id: string; invitationId: string }>(async ({ params, user }) => {
  await revokeInvitation(user.id, params.id, params.invitationId);
  return ok({ message: TEAM_MESSAGES.revoked });
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH } = otherMethods({ DELETE });
