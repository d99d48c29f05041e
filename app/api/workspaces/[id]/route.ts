// PATCH /api/workspaces/{id} — { name } renames (owners and admins)
// DELETE /api/workspaces/{id} — { confirmName } deletes it and all it owns (the owner; its plan cancelled, its accounts disconnected)
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { deleteWorkspaceSchema, renameWorkspaceSchema } from "@/lib/workspaces/schemas";
import { deleteWorkspace } from "@/lib/workspaces/server/delete-workspace";
import { assertMemberCan, renameWorkspace } from "@/lib/workspaces/server/workspaces";
import { otherMethods } from "@/lib/server/api/methods";

type Params = { id: string };

export const PATCH = withUser<Params>(async ({ req, params, user }) => {
  await assertMemberCan(user.id, params.id, "manageSettings");
  const { name } = await parseJson(req, renameWorkspaceSchema);
  await renameWorkspace(params.id, user.id, name);
  return ok({ message: "Workspace renamed" });
});

export const DELETE = withUser<Params>(async ({ req, params, user }) => {
  // Refused before the body is read: another's workspace answers 404 as a missing one does, and a
  // member who is not its owner 403, whatever they send.
  await assertMemberCan(user.id, params.id, "deleteWorkspace");
  const { confirmName } = await parseJson(req, deleteWorkspaceSchema);
  await deleteWorkspace(user.id, params.id, confirmName);
  return ok({ message: "Workspace deleted" });
});

export const { GET, HEAD, OPTIONS, POST, PUT } = otherMethods({ PATCH, DELETE });
