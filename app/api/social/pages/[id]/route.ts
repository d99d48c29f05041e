// DELETE /api/social/pages/{id} — disconnects one Page (a login's last Page takes the login with it)
import { ok, withMember } from "@/lib/server/api/route";
import { deletePage } from "@/lib/social/server/accounts-service";
import { otherMethods } from "@/lib/server/api/methods";

export const DELETE = withMember<{ id: string }>("manageAccounts", async ({ params, user, workspace }) => {
  const { affectedScheduledPosts, accountRemoved } = await deletePage(workspace.id, user.id, params.id);
  return ok({ message: "Page disconnected successfully", affectedScheduledPosts, accountRemoved });
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH } = otherMethods({ DELETE });
