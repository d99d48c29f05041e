import { and, asc, count, eq, isNull } from "drizzle-orm";
import { db, type Transaction } from "@/db";
import { users, workspaceInvitations, workspaceMembers, type WorkspaceRole } from "@/db/schema";
import { getUserTier } from "@/lib/billing/server/limits";
import { tiers } from "@/lib/billing/tiers";
import { conflict, forbidden, notFound } from "@/lib/server/api/errors";
import { TEAM_MESSAGES, type TeamInvitation, type TeamListing, type TeamMember } from "@/lib/workspaces/schemas";
import { lockTeam } from "./team-lock";
import { recordActivity } from "@/lib/activity/server/record";
import { assertMemberCan } from "./workspaces";

/**
 * Settings › Team: who is in a workspace and with which role. Members with manageMembers (owners
 * and admins) change roles and remove people; only owners make, change or remove owners; anyone
 * may leave. A workspace always keeps an owner: the last one can be neither demoted nor removed,
 * nor leave (409). The callers have checked the actor's membership; these check the rest.
 */

/** The members (oldest first) and open invitations, with the seats they take of the plan's limit. */
export async function listTeam(workspaceId: string): Promise<TeamListing> {
  const [members, invitations, tier] = await Promise.all([
    db
      .select({
        userId: workspaceMembers.userId,
        name: users.name,
        email: users.email,
        role: workspaceMembers.role,
        joinedAt: workspaceMembers.createdAt,
      })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, workspaceId))
      .orderBy(asc(workspaceMembers.createdAt), asc(users.email)),
    listOpenInvitations(workspaceId),
    getUserTier(workspaceId),
  ]);
  const pending = invitations.filter((invitation) => !invitation.expired).length;
  return {
    members: members.map((member): TeamMember => ({
      ...member,
      name: member.name ?? member.email,
      joinedAt: member.joinedAt.toISOString(),
    })),
    invitations,
    seats: { used: members.length + pending, limit: tiers[tier].limits.teamMembers },
  };
}

/** Invitations neither accepted nor revoked, oldest first; expired ones stay listed to be resent. */
async function listOpenInvitations(workspaceId: string): Promise<TeamInvitation[]> {
  const rows = await db
    .select()
    .from(workspaceInvitations)
    .where(openInvitationsOf(workspaceId))
    .orderBy(asc(workspaceInvitations.createdAt));
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    invitedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now,
  }));
}

export const openInvitationsOf = (workspaceId: string) =>
  and(
    eq(workspaceInvitations.workspaceId, workspaceId),
    isNull(workspaceInvitations.acceptedAt),
    isNull(workspaceInvitations.revokedAt),
  );

async function memberRole(tx: Transaction, workspaceId: string, userId: string): Promise<WorkspaceRole | null> {
  const [row] = await tx
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row?.role ?? null;
}

async function countOwners(tx: Transaction, workspaceId: string): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")));
  return row?.total ?? 0;
}

/**
 * Refuses what only owners may do (an admin touching an owner, or making one), by the actor's role
 * as it is under the lock, not as it was a moment before.
 */
async function assertOwnerRule(tx: Transaction, workspaceId: string, actorId: string, ...roles: WorkspaceRole[]) {
  if (!roles.includes("owner")) return;
  if ((await memberRole(tx, workspaceId, actorId)) !== "owner") throw forbidden(TEAM_MESSAGES.ownersManageOwners);
}

/** PATCH /api/workspaces/{id}/members/{userId}: a member's new role. */
export async function changeMemberRole(
  actorId: string,
  workspaceId: string,
  userId: string,
  role: WorkspaceRole,
): Promise<void> {
  await assertMemberCan(actorId, workspaceId, "manageMembers");
  await db.transaction(async (tx) => {
    await lockTeam(tx, workspaceId);
    const current = await memberRole(tx, workspaceId, userId);
    if (!current) throw notFound(TEAM_MESSAGES.memberNotFound);
    await assertOwnerRule(tx, workspaceId, actorId, current, role);
    if (current === role) return;
    if (current === "owner" && (await countOwners(tx, workspaceId)) <= 1)
      throw conflict(TEAM_MESSAGES.lastOwner, "last_owner");
    await tx
      .update(workspaceMembers)
      .set({ role })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    await recordActivity(tx, {
      workspaceId,
      actorId,
      kind: "member_role_changed",
      subject: await personLabel(tx, userId),
      details: { userId, role, previousRole: current },
    });
  });
}

/**
 * DELETE /api/workspaces/{id}/members/{userId}: removes a member (manageMembers), or the actor
 * leaves (their own id: any member may). The last owner stays.
 */
export async function removeMember(actorId: string, workspaceId: string, userId: string): Promise<"removed" | "left"> {
  const leaving = actorId === userId;
  await assertMemberCan(actorId, workspaceId, leaving ? "read" : "manageMembers");
  await db.transaction(async (tx) => {
    await lockTeam(tx, workspaceId);
    const current = await memberRole(tx, workspaceId, userId);
    if (!current) throw notFound(TEAM_MESSAGES.memberNotFound);
    if (!leaving) await assertOwnerRule(tx, workspaceId, actorId, current);
    if (current === "owner" && (await countOwners(tx, workspaceId)) <= 1)
      throw conflict(TEAM_MESSAGES.lastOwner, "last_owner");
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    await recordActivity(tx, {
      workspaceId,
      actorId,
      kind: "member_removed",
      subject: await personLabel(tx, userId),
      details: { userId, role: current, left: leaving },
    });
  });
  return leaving ? "left" : "removed";
}

/** How the activity log names a person: their name, else their e-mail. */
export async function personLabel(tx: Transaction, userId: string): Promise<string> {
  const [row] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return row?.name || row?.email || "Former member";
}
