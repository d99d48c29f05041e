// POST /api/invitations/accept — { token } the signed-in person with the invited address joins; answers the workspace
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { acceptInvitationSchema } from "@/lib/workspaces/schemas";
import { acceptInvitation } from "@/lib/workspaces/server/invitations";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withUser(async ({ req, user }) => {
  const { token } = await parseJson(req, acceptInvitationSchema);
  return ok({ data: await acceptInvitation(user, token) });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
