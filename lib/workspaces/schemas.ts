import { z } from "zod";
import { emailSchema } from "@/lib/auth/schemas";

/** Contracts of the workspace endpoints, shared by the route handlers and the browser. */

export const WORKSPACE_ROLES = ["owner", "admin", "editor", "contributor", "viewer"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export { WORKSPACE_COOKIE, WORKSPACE_HEADER } from "./constants";

export const WORKSPACE_NAME_MAX = 80;

export const workspaceNameSchema = z
  .string({ error: "Workspace name is required" })
  .trim()
  .min(1, "Workspace name is required")
  .max(WORKSPACE_NAME_MAX, `Workspace name must be at most ${WORKSPACE_NAME_MAX} characters`);

export const createWorkspaceSchema = z.object({ name: workspaceNameSchema }).strict();
export const renameWorkspaceSchema = z.object({ name: workspaceNameSchema }).strict();
export const switchWorkspaceSchema = z.object({ workspaceId: z.string().min(1).max(100) }).strict();
/** Deleting asks for the workspace's name, typed. */
export const deleteWorkspaceSchema = z.object({ confirmName: z.string().max(200) }).strict();

/** Who acts, and in which workspace: for the work that is both a person's and a workspace's (AI chats). */
export interface Actor {
  workspaceId: string;
  userId: string;
}

/** A workspace as its members see it. */
export interface WorkspaceSummary {
  id: string;
  name: string;
  role: WorkspaceRole;
  timeZone: string;
}

export const WORKSPACE_MESSAGES = {
  notFound: "Workspace not found",
  confirmName: "Type the workspace's name to delete it.",
  lastWorkspace: "This is your only workspace. Create another before deleting this one.",
} as const;

// ---- Settings › Team: members and invitations ----

/** How long an invitation link works. */
export const INVITATION_VALID_DAYS = 7;

const roleSchema = z.enum(WORKSPACE_ROLES, {
  error: "Choose a role: owner, admin, editor, contributor or viewer",
});

/** PATCH /api/workspaces/{id}/members/{userId} */
export const changeMemberRoleSchema = z.object({ role: roleSchema }).strict();
export type ChangeMemberRoleInput = z.infer<typeof changeMemberRoleSchema>;

/** POST /api/workspaces/{id}/invitations */
export const inviteMemberSchema = z.object({ email: emailSchema, role: roleSchema }).strict();
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

/** POST /api/invitations/accept: the token of the link, from the /invite/{token} page. */
export const acceptInvitationSchema = z.object({ token: z.string().min(1).max(200) }).strict();

/** A member as Settings › Team lists them. */
export interface TeamMember {
  userId: string;
  name: string;
  email: string;
  role: WorkspaceRole;
  joinedAt: string;
}

/** A pending invitation (open, and expired ones until they are resent or revoked). */
export interface TeamInvitation {
  id: string;
  email: string;
  role: WorkspaceRole;
  invitedAt: string;
  expiresAt: string;
  expired: boolean;
}

/** GET /api/workspaces/{id}/members: the team, and its seats against the plan's `teamMembers`. */
export interface TeamListing {
  members: TeamMember[];
  invitations: TeamInvitation[];
  /** Members plus pending invitations, and the plan's limit (-1 unlimited). */
  seats: { used: number; limit: number };
}

/** What the /invite/{token} page knows of an invitation. */
export type InvitationState = "pending" | "expired" | "accepted" | "revoked" | "unknown";

export const TEAM_MESSAGES = {
  memberNotFound: "Member not found",
  invitationNotFound: "Invitation not found",
  lastOwner: "A workspace needs an owner: make another member owner before this one stops being one.",
  ownersManageOwners: "Only an owner can make someone an owner, or change or remove an owner.",
  alreadyMember: (email: string) => `${email} is already a member of this workspace.`,
  youAreMember: "You are already a member of this workspace.",
  teamLimit: (plan: string, max: number) =>
    `The ${plan} plan allows ${max} team member${max === 1 ? "" : "s"}, counting pending invitations. Upgrade the plan to invite more.`,
  mailFailed: "The invitation is saved, but its e-mail could not be sent. Try Resend in a moment.",
  invitationUnknown: "This invitation link is not valid. Ask the person who invited you for a new one.",
  invitationExpired: "This invitation has expired. Ask the person who invited you to send it again.",
  invitationAccepted: "This invitation has already been used.",
  invitationRevoked: "This invitation was withdrawn by the workspace.",
  wrongEmail: (email: string) => `This invitation is for ${email}. Sign in with that address to accept it.`,
  invited: (email: string) => `Invitation sent to ${email}`,
  resent: (email: string) => `Invitation sent again to ${email}`,
  revoked: "Invitation revoked",
  roleChanged: "Role changed",
  removed: "Member removed",
  left: "You left the workspace",
} as const;
