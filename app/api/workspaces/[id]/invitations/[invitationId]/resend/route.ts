// POST /api/workspaces/{id}/invitations/{invitationId}/resend — a new link and expiry by e-mail; the old link stops working
import { ok, withUser } from "@/lib/server/api/route";
import { TEAM_MESSAGES } from "@/lib/workspaces/schemas";
import { resendInvitation } from "@/lib/workspaces/server/invitations";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withUser<{ id: string; invitationId: string }>(async ({ params, user }) => {
  const invitation = await resendInvitation(user.id, params.id, params.invitationId);
  return ok({ message: TEAM_MESSAGES.resent(invitation.email), data: invitation });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
