import { eq } from "drizzle-orm";
import type { Transaction } from "@/db";
import { workspaces } from "@/db/schema";
import { notFound } from "@/lib/server/api/errors";
import { WORKSPACE_MESSAGES } from "@/lib/workspaces/schemas";

/**
 * Every change to a workspace's team (roles, removals, invitations, accepting one) first locks the
 * workspace's row until its transaction ends: the changes of one workspace take turns, so the
 * last-owner rule and the plan's seat limit hold however many requests arrive at once.
 */
export async function lockTeam(tx: Transaction, workspaceId: string): Promise<void> {
  const [row] = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for("update");
  if (!row) throw notFound(WORKSPACE_MESSAGES.notFound);
}
