import type { WorkspaceRole } from "@/lib/workspaces/schemas";

/**
 * What each role may do in a workspace. The server checks these on every request (the route
 * wrapper's `withMember(permission, …)`); the browser reads the same table only to hide what a
 * person cannot do.
 *
 * - Owner: everything, billing and deleting the workspace.
 * - Admin: members, accounts and settings, and all an editor does.
 * - Editor: write, schedule and publish posts, upload media, use the AI.
 * - Contributor: write drafts (and later submit them for approval); never schedules or publishes.
 * - Viewer: reads.
 */
export const PERMISSIONS = {
  /** See the workspace's posts, accounts, media, analytics and plan. */
  read: ["owner", "admin", "editor", "contributor", "viewer"],
  /** Create and edit drafts, upload media, ask the AI for posts. */
  draft: ["owner", "admin", "editor", "contributor"],
  /** Schedule, publish, and delete posts; change a scheduled or published post. */
  publish: ["owner", "admin", "editor"],
  /** Connect, refresh and disconnect social accounts and pages. */
  manageAccounts: ["owner", "admin"],
  /** Invite and remove members, change roles (an admin never makes or removes an owner). */
  manageMembers: ["owner", "admin"],
  /** The workspace's name and time zone. */
  manageSettings: ["owner", "admin"],
  /** The plan, payment and Stripe's portal. */
  manageBilling: ["owner"],
  /** Delete the workspace. */
  deleteWorkspace: ["owner"],
} as const satisfies Record<string, readonly WorkspaceRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: WorkspaceRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly WorkspaceRole[]).includes(role);
}

export const ROLE_NAMES: Record<WorkspaceRole, string> = {
  owner: "Owner",
  admin: "Admin",
  editor: "Editor",
  contributor: "Contributor",
  viewer: "Viewer",
};

/** What a person without the permission reads (the spec's sentence where it has one). */
export const PERMISSION_MESSAGES: Record<Permission, string> = {
  read: "You don't have access to this workspace.",
  draft: "You don't have permission to create posts in this workspace.",
  publish: "You don't have permission to publish posts in this workspace.",
  manageAccounts: "You don't have permission to manage social accounts in this workspace.",
  manageMembers: "You don't have permission to manage members of this workspace.",
  manageSettings: "You don't have permission to change this workspace's settings.",
  manageBilling: "Only the workspace's owner can manage its plan.",
  deleteWorkspace: "Only the workspace's owner can delete it.",
};
