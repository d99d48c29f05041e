import { and, eq, sql } from "drizzle-orm";
import type { db, Transaction } from "@/db";
import { posts, users, workspaceMembers } from "@/db/schema";
import { recordNotice, type Notice } from "@/lib/notifications/server/notify";
import { approverRoles } from "./gate";

/** How a post is named in what people are told: its title, else the start of its text. */
export function postName(post: { title: string | null; content: string }): string {
  const name = post.title?.trim() || post.content.trim().replace(/\s+/g, " ");
  return name.length > 60 ? `${name.slice(0, 57)}...` : name || "Untitled Post";
}

/** The members who may approve posts in the workspace. */
export async function approverIds(tx: Transaction | typeof db, workspaceId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), sql`${workspaceMembers.role} in (${approverRoles})`));
  return rows.map((row) => row.userId);
}

/**
 * An approved post changed (returnToReview answered "returned"): its approvers and its author,
 * but not the person who changed it, are told it waits for approval again, in the change's
 * transaction. Returns whom to mail after the commit.
 */
export async function tellBackInReview(
  tx: Transaction,
  workspaceId: string,
  actorId: string,
  postId: string,
): Promise<{ people: string[]; notice: Notice }> {
  const [actor] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, actorId));
  const [post] = await tx
    .select({ id: posts.id, title: posts.title, content: posts.content, authorId: posts.authorId })
    .from(posts)
    .where(eq(posts.id, postId));
  const who = actor?.name?.trim() || actor?.email || "Someone";
  const notice: Notice = {
    workspaceId,
    postId,
    kind: "back_in_review",
    text: `${who} changed "${post ? postName(post) : "a post"}" after it was approved: it goes out only once approved again.`,
    subject: "An approved post changed and waits for approval again",
  };
  const told = [...(await approverIds(tx, workspaceId)), post?.authorId ?? null].filter((id) => id !== actorId);
  return { people: await recordNotice(tx, told, notice), notice };
}
