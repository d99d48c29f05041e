import { and, asc, eq } from "drizzle-orm";
import { db, type Transaction } from "@/db";
import { workspaceMembers, workspaces } from "@/db/schema";
import { recordActivity } from "@/lib/activity/server/record";
import { createFreeSubscription } from "@/lib/billing/server/subscription";
import { forbidden, notFound } from "@/lib/server/api/errors";
import { can, PERMISSION_MESSAGES, type Permission } from "@/lib/workspaces/roles";
import { WORKSPACE_MESSAGES, type WorkspaceSummary } from "@/lib/workspaces/schemas";

type Executor = Transaction | typeof db;

/** The name of the workspace every account starts with. */
export const PERSONAL_WORKSPACE_NAME = "Personal";

/**
 * A new workspace owned by `ownerId`, on the Free plan, in the caller's transaction when it has
 * one (registration makes the account and its first workspace together). A person's personal
 * workspace, made with their account, takes the person's id (as the migration to workspaces gave
 * every existing account's); any other gets a new one.
 */
export async function createWorkspace(
  ownerId: string,
  input: { name: string; timeZone?: string; id?: string },
  executor: Executor = db,
): Promise<WorkspaceSummary> {
  const make = async (tx: Executor) => {
    const [workspace] = await tx
      .insert(workspaces)
      .values({ ...(input.id ? { id: input.id } : {}), name: input.name, timeZone: input.timeZone ?? "UTC" })
      .returning();
    await tx.insert(workspaceMembers).values({ workspaceId: workspace!.id, userId: ownerId, role: "owner" });
    await createFreeSubscription(workspace!.id, tx);
    return { id: workspace!.id, name: workspace!.name, role: "owner" as const, timeZone: workspace!.timeZone };
  };
  return executor === db ? db.transaction(make) : make(executor);
}

/** A person's workspaces, the oldest membership (their personal workspace) first. */
export async function listWorkspaces(userId: string): Promise<WorkspaceSummary[]> {
  return db
    .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role, timeZone: workspaces.timeZone })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaces.id));
}

/** The workspace as `userId` sees it, or null when they are not a member (or it does not exist). */
export async function findMembership(userId: string, workspaceId: string): Promise<WorkspaceSummary | null> {
  const [row] = await db
    .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role, timeZone: workspaces.timeZone })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)))
    .limit(1);
  return row ?? null;
}

/**
 * The workspace a request works in. A tab names it (the workspace header): then it must be one of
 * the person's, or the answer is 404 exactly as for a workspace that does not exist. Without a
 * header the cookie's choice is taken when it is still one of theirs, else their first workspace.
 */
export async function resolveWorkspace(
  userId: string,
  requested: { named?: string | null; remembered?: string | null },
): Promise<WorkspaceSummary> {
  if (requested.named) {
    const named = await findMembership(userId, requested.named);
    if (!named) throw notFound(WORKSPACE_MESSAGES.notFound);
    return named;
  }
  if (requested.remembered) {
    const remembered = await findMembership(userId, requested.remembered);
    if (remembered) return remembered;
  }
  const [first] = await listWorkspaces(userId);
  if (first) return first;
  // Every account is made with a workspace; one left without (its last was deleted elsewhere)
  // gets a new personal one rather than a dead end.
  return createWorkspace(userId, { name: PERSONAL_WORKSPACE_NAME });
}

/** Refuses, as the route wrapper does, a person who is not a member (404) or lacks the right (403). */
export async function assertMemberCan(
  userId: string,
  workspaceId: string,
  permission: Permission,
): Promise<WorkspaceSummary> {
  const membership = await findMembership(userId, workspaceId);
  if (!membership) throw notFound(WORKSPACE_MESSAGES.notFound);
  if (!can(membership.role, permission)) throw forbidden(PERMISSION_MESSAGES[permission]);
  return membership;
}

/** Settings › Workspace: a new name (owners and admins), logged with the old one. */
export async function renameWorkspace(workspaceId: string, actorId: string, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .for("update");
    if (!before) throw notFound(WORKSPACE_MESSAGES.notFound);
    if (before.name === name) return;
    await tx.update(workspaces).set({ name }).where(eq(workspaces.id, workspaceId));
    await recordActivity(tx, {
      workspaceId,
      actorId,
      kind: "workspace_renamed",
      subject: name,
      details: { from: before.name, to: name },
    });
  });
}
