import { eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { users, workspaceMembers, workspaces } from "@/db/schema";
import { DELETE_ACCOUNT_WORD, PROFILE_MESSAGES, type DeleteAccountInput } from "@/lib/auth/schemas";
import { getUserById } from "@/lib/auth/server/service";
import { announceUserRevocation, revokeUserSessions } from "@/lib/auth/server/user-sessions";
import { conflict, badRequest, unauthorized } from "@/lib/server/api/errors";
import { deleteWorkspaceAndData } from "@/lib/workspaces/server/delete-workspace";

/** True when the typed confirmation is the account's e-mail (any case) or the word DELETE. */
export function confirmsDeletion(confirmation: string, email: string): boolean {
  const typed = confirmation.trim();
  return typed === DELETE_ACCOUNT_WORD || typed.toLowerCase() === email.toLowerCase();
}

/**
 * The person's workspaces that go with the account (they are its only member), and those it
 * cannot leave (it is the last owner, and others are members still).
 */
async function workspacesOf(userId: string) {
  const rows = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      others: sql<number>`(select count(*) from ${workspaceMembers} o where o.workspace_id = ${workspaces.id} and o.user_id <> ${userId})::int`,
      otherOwners: sql<number>`(select count(*) from ${workspaceMembers} o where o.workspace_id = ${workspaces.id} and o.user_id <> ${userId} and o.role = 'owner')::int`,
      role: workspaceMembers.role,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId));
  return {
    alone: rows.filter((row) => row.others === 0).map((row) => row.id),
    lastOwnerOf: rows.filter((row) => row.others > 0 && row.role === "owner" && row.otherOwners === 0),
  };
}

/**
 * Settings › Profile › Delete account. In order: the typed confirmation is checked (nothing is
 * touched otherwise); an account that is the last owner of a workspace others still work in is
 * refused (ownership passes on first, or the workspace is deleted); every workspace the person is
 * alone in is deleted with all it owns (lib/workspaces/server/delete-workspace.ts: its plan
 * cancelled, its grants revoked); every session ends; the user row goes, with their memberships and
 * AI chats. Posts they wrote in shared workspaces stay there without an author.
 */
export async function deleteAccount(userId: string, input: DeleteAccountInput): Promise<void> {
  const user = await getUserById(userId);
  if (!user) throw unauthorized("Session expired");
  if (!confirmsDeletion(input.confirmation, user.email))
    throw badRequest(PROFILE_MESSAGES.confirmationMismatch, "confirmation_mismatch");

  const { alone, lastOwnerOf } = await workspacesOf(userId);
  if (lastOwnerOf.length > 0)
    throw conflict(
      `You are the only owner of ${lastOwnerOf.map((row) => `'${row.name}'`).join(", ")}. Make another member an owner or delete the workspace first.`,
      "last_owner",
    );
  for (const workspaceId of alone) await deleteWorkspaceAndData(workspaceId);

  await db.transaction(async (tx) => {
    await revokeUserSessions(userId, { tx });
    await tx.delete(users).where(eq(users.id, userId));
  });
  await announceUserRevocation(userId);
}
