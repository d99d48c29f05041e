import { ROLE_NAMES } from "@/lib/workspaces/roles";
import { WORKSPACE_ROLES, type WorkspaceRole } from "@/lib/workspaces/schemas";

/** The roles a person may give (owners every role; admins every role but owner), as the server allows. */
export function grantableRoles(actor: WorkspaceRole): WorkspaceRole[] {
  return actor === "owner" ? [...WORKSPACE_ROLES] : WORKSPACE_ROLES.filter((role) => role !== "owner");
}

export const roleOptions = (roles: readonly WorkspaceRole[]) =>
  roles.map((role) => ({ value: role, label: ROLE_NAMES[role] }));
