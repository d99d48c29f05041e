import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db, type Transaction } from "@/db";
import {
  users,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
  type WorkspaceInvitation,
  type WorkspaceRole,
} from "@/db/schema";
import { assertTeamSeat } from "@/lib/billing/server/limits";
import { ApiError, conflict, forbidden, notFound } from "@/lib/server/api/errors";
import {
  INVITATION_VALID_DAYS,
  TEAM_MESSAGES,
  type InvitationState,
  type InviteMemberInput,
  type TeamInvitation,
  type WorkspaceSummary,
} from "@/lib/workspaces/schemas";
import { sendInvitationMail } from "./invitation-mail";
import { recordActivity } from "@/lib/activity/server/record";
import { openInvitationsOf, personLabel } from "./members";
import { lockTeam } from "./team-lock";
import { assertMemberCan, findMembership } from "./workspaces";

/**
 * Invitations by e-mail. The link carries 32 random bytes; only their SHA-256 is stored. A link
 * works once, for INVITATION_VALID_DAYS, and only for an account with the invited address (the one
 * it was sent to). A new invitation for an address with an open one replaces it; Resend gives the
 * row a new token and expiry, so the old link stops working; revoking ends it. Seats: members plus
 * pending invitations stay within the plan's `teamMembers`.
 */

const VALID_MS = INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");
const expiry = () => new Date(Date.now() + VALID_MS);

function toSummary(row: WorkspaceInvitation): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= Date.now(),
  };
}

/** Only an owner invites an owner, or resends or revokes an owner's invitation. */
async function assertMayGrant(actorId: string, workspaceId: string, role: WorkspaceRole): Promise<void> {
  if (role !== "owner") return;
  const actor = await findMembership(actorId, workspaceId);
  if (actor?.role !== "owner") throw forbidden(TEAM_MESSAGES.ownersManageOwners);
}

/** Mails the link after the commit; a mail server's refusal leaves the invitation, to be resent. */
async function mail(actorId: string, workspaceId: string, row: WorkspaceInvitation, token: string): Promise<void> {
  const [context] = await db
    .select({ workspaceName: workspaces.name, inviterName: users.name, inviterEmail: users.email })
    .from(workspaces)
    .leftJoin(users, eq(users.id, actorId))
    .where(eq(workspaces.id, workspaceId));
  try {
    await sendInvitationMail({
      to: row.email,
      token,
      role: row.role,
      workspaceName: context?.workspaceName ?? "a workspace",
      inviterName: context?.inviterName ?? context?.inviterEmail ?? "Someone",
    });
  } catch (error) {
    console.error(`[team] could not mail invitation ${row.id}`, error);
    throw new ApiError(502, "mail_failed", TEAM_MESSAGES.mailFailed);
  }
}

/** POST /api/workspaces/{id}/invitations: invites an address with a role, replacing its open invitation. */
export async function inviteMember(
  actorId: string,
  workspaceId: string,
  input: InviteMemberInput,
): Promise<TeamInvitation> {
  await assertMemberCan(actorId, workspaceId, "manageMembers");
  await assertMayGrant(actorId, workspaceId, input.role);
  const token = newToken();
  const row = await db.transaction(async (tx) => {
    await lockTeam(tx, workspaceId);
    const [member] = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.email, input.email)));
    if (member) throw conflict(TEAM_MESSAGES.alreadyMember(input.email), "already_member");
    // The address's open invitation is replaced: its seat is the new one's, its link stops working.
    await tx
      .update(workspaceInvitations)
      .set({ revokedAt: sql`now()` })
      .where(and(openInvitationsOf(workspaceId), eq(workspaceInvitations.email, input.email)));
    await assertTeamSeat(workspaceId, tx, "members-and-pending");
    const [inserted] = await tx
      .insert(workspaceInvitations)
      .values({
        workspaceId,
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: actorId,
        expiresAt: expiry(),
      })
      .returning();
    await recordActivity(tx, {
      workspaceId,
      actorId,
      kind: "member_invited",
      subject: input.email,
      details: { role: input.role },
    });
    return inserted!;
  });
  await mail(actorId, workspaceId, row, token);
  return toSummary(row);
}

/** The open invitation `invitationId` of the workspace, or 404. */
async function openInvitation(workspaceId: string, invitationId: string, executor: Transaction | typeof db = db) {
  const [row] = await executor
    .select()
    .from(workspaceInvitations)
    .where(and(openInvitationsOf(workspaceId), eq(workspaceInvitations.id, invitationId)));
  if (!row) throw notFound(TEAM_MESSAGES.invitationNotFound);
  return row;
}

/** POST /api/workspaces/{id}/invitations/{invitationId}/resend: a new link and expiry; the old link stops working. */
export async function resendInvitation(
  actorId: string,
  workspaceId: string,
  invitationId: string,
): Promise<TeamInvitation> {
  await assertMemberCan(actorId, workspaceId, "manageMembers");
  await assertMayGrant(actorId, workspaceId, (await openInvitation(workspaceId, invitationId)).role);
  const token = newToken();
  const row = await db.transaction(async (tx) => {
    await lockTeam(tx, workspaceId);
    const current = await openInvitation(workspaceId, invitationId, tx);
    // An expired invitation holds no seat: resending it takes one again.
    if (current.expiresAt.getTime() <= Date.now()) await assertTeamSeat(workspaceId, tx, "members-and-pending");
    const [updated] = await tx
      .update(workspaceInvitations)
      .set({ tokenHash: hashToken(token), expiresAt: expiry() })
      .where(eq(workspaceInvitations.id, invitationId))
      .returning();
    return updated!;
  });
  await mail(actorId, workspaceId, row, token);
  return toSummary(row);
}

/** DELETE /api/workspaces/{id}/invitations/{invitationId}: the link stops working, the seat is free. */
export async function revokeInvitation(actorId: string, workspaceId: string, invitationId: string): Promise<void> {
  await assertMemberCan(actorId, workspaceId, "manageMembers");
  await assertMayGrant(actorId, workspaceId, (await openInvitation(workspaceId, invitationId)).role);
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(workspaceInvitations)
      .set({ revokedAt: sql`now()` })
      .where(and(openInvitationsOf(workspaceId), eq(workspaceInvitations.id, invitationId)))
      .returning({ email: workspaceInvitations.email, role: workspaceInvitations.role });
    // Accepted (or revoked) in the meantime: it is no longer an open invitation.
    if (revoked.length === 0) throw notFound(TEAM_MESSAGES.invitationNotFound);
    await recordActivity(tx, {
      workspaceId,
      actorId,
      kind: "invitation_revoked",
      subject: revoked[0]!.email,
      details: { role: revoked[0]!.role },
    });
  });
}

function stateOf(row: WorkspaceInvitation | undefined): InvitationState {
  if (!row) return "unknown";
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  if (row.expiresAt.getTime() <= Date.now()) return "expired";
  return "pending";
}

const STATE_ERRORS: Record<Exclude<InvitationState, "pending">, () => ApiError> = {
  unknown: () => notFound(TEAM_MESSAGES.invitationUnknown),
  expired: () => new ApiError(410, "invitation_expired", TEAM_MESSAGES.invitationExpired),
  accepted: () => new ApiError(410, "invitation_used", TEAM_MESSAGES.invitationAccepted),
  revoked: () => new ApiError(410, "invitation_revoked", TEAM_MESSAGES.invitationRevoked),
};

/** The message the /invite page and the accept endpoint give for an invitation that cannot be used. */
export const invitationStateMessage = (state: Exclude<InvitationState, "pending">) => STATE_ERRORS[state]().message;

async function findByToken(token: string): Promise<WorkspaceInvitation | undefined> {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select()
    .from(workspaceInvitations)
    .where(eq(workspaceInvitations.tokenHash, hashToken(token)));
  return row;
}

export type InvitationView =
  | { state: Exclude<InvitationState, "pending"> }
  | { state: "pending"; email: string; role: WorkspaceRole; workspaceName: string; inviterName: string | null };

/** What the /invite/{token} page shows: the invitation's state, and for a usable one whom and where. */
export async function describeInvitation(token: string): Promise<InvitationView> {
  const row = await findByToken(token);
  if (!row) return { state: "unknown" };
  const state = stateOf(row);
  if (state !== "pending") return { state };
  const [context] = await db
    .select({ workspaceName: workspaces.name, inviterName: users.name })
    .from(workspaces)
    .leftJoin(users, eq(users.id, row.invitedBy ?? ""))
    .where(eq(workspaces.id, row.workspaceId));
  return {
    state: "pending",
    email: row.email,
    role: row.role,
    workspaceName: context?.workspaceName ?? "",
    inviterName: context?.inviterName ?? null,
  };
}

/**
 * POST /api/invitations/accept: the signed-in person with the invited address joins with the
 * invitation's role. Under the workspace's team lock, so two accepts of one link make one member:
 * the second finds it used.
 */
export async function acceptInvitation(user: { id: string; email: string }, token: string): Promise<WorkspaceSummary> {
  const found = await findByToken(token);
  if (!found) throw STATE_ERRORS.unknown();
  await db.transaction(async (tx) => {
    await lockTeam(tx, found.workspaceId);
    const [row] = await tx.select().from(workspaceInvitations).where(eq(workspaceInvitations.id, found.id));
    const state = stateOf(row);
    if (state !== "pending") throw STATE_ERRORS[state]();
    if (row!.email !== user.email.toLowerCase())
      throw new ApiError(403, "invitation_wrong_email", TEAM_MESSAGES.wrongEmail(row!.email));
    const [member] = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, row!.workspaceId), eq(workspaceMembers.userId, user.id)));
    if (member) throw conflict(TEAM_MESSAGES.youAreMember, "already_member");
    // After a downgrade the plan may have fewer seats than it had when the invitation was sent.
    await assertTeamSeat(row!.workspaceId, tx, "members");
    await tx
      .update(workspaceInvitations)
      .set({ acceptedAt: sql`now()`, acceptedBy: user.id })
      .where(eq(workspaceInvitations.id, row!.id));
    await tx.insert(workspaceMembers).values({ workspaceId: row!.workspaceId, userId: user.id, role: row!.role });
    await recordActivity(tx, {
      workspaceId: row!.workspaceId,
      actorId: user.id,
      kind: "member_added",
      subject: await personLabel(tx, user.id),
      details: { userId: user.id, role: row!.role, invitedBy: row!.invitedBy },
    });
  });
  const joined = await findMembership(user.id, found.workspaceId);
  if (!joined) throw STATE_ERRORS.unknown();
  return joined;
}
