import { and, eq, isNull } from "drizzle-orm";
import { db } from "@/db";
import { posts, workspaces } from "@/db/schema";
import { notFound } from "@/lib/server/api/errors";
import { WORKSPACE_MESSAGES } from "@/lib/workspaces/schemas";

/** Settings › Approvals: whether the workspace's posts need approval. */
export async function getApprovalSetting(workspaceId: string): Promise<{ postsNeedApproval: boolean }> {
  const [row] = await db
    .select({ postsNeedApproval: workspaces.postsNeedApproval })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!row) throw notFound(WORKSPACE_MESSAGES.notFound);
  return row;
}

/**
 * Turning it on puts the posts already on the schedule in review, in the same transaction: they go
 * out only once approved (the claims refuse them from the commit on, gate.ts). Turning it off leaves
 * posts already in review there: they entered review, and only a decision takes them out.
 */
export async function setApprovalSetting(workspaceId: string, postsNeedApproval: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(workspaces).set({ postsNeedApproval }).where(eq(workspaces.id, workspaceId));
    if (postsNeedApproval)
      await tx
        .update(posts)
        .set({ approvalState: "in_review" })
        .where(and(eq(posts.workspaceId, workspaceId), eq(posts.status, "scheduled"), isNull(posts.approvalState)));
  });
}
