import { and, eq, isNull, sql } from "drizzle-orm";
import type { Transaction } from "@/db";
import { posts, postTargets } from "@/db/schema";
import { conflict, notFound } from "@/lib/server/api/errors";
import { MESSAGES, type PostDto } from "@/lib/posts/schemas";

/**
 * The one check that a post may change: never once published, never while a worker publishes one
 * of its pages (a page replaced meanwhile would come back as a new pending page and go out twice).
 * A page claimed but not yet being sent (no text recorded as about to be sent under its claim: the
 * dispatcher reserves the pages falling due a few seconds ahead of their instant) is taken back
 * instead: every send is preceded by that record, written only while the claim is the worker's
 * own (claim.ts), so the worker finds its claim gone and sends nothing.
 */

/** Up-front check on a post just read, before anything is written (pages in flight: see below). */
export function assertChangeable(post: PostDto): void {
  if (post.status === "published") throw conflict(MESSAGES.published, "post_published");
}

/**
 * Inside the transaction that changes the post: locks its row, takes back its reserved pages, then
 * checks that none is being sent. A worker claims a page only while holding the post row FOR SHARE,
 * so after this lock no new claim can start, and a claim that got in first is visible here. A
 * worker recording its text meanwhile either commits first (the page is then in flight: 409) or
 * finds the page taken back.
 */
export async function lockPostForChange(tx: Transaction, workspaceId: string, postId: string): Promise<void> {
  const [row] = await tx
    .select({ status: posts.status })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId)))
    .for("update");
  if (!row) throw notFound(MESSAGES.notFound);
  if (row.status === "published") throw conflict(MESSAGES.published, "post_published");
  // Pending again as they were; the attempt the claim counted did not happen.
  await tx
    .update(postTargets)
    .set({
      status: "pending",
      attempts: sql`greatest(${postTargets.attempts} - 1, 0)`,
      publishingStartedAt: null,
    })
    .where(and(eq(postTargets.postId, postId), eq(postTargets.status, "publishing"), isNull(postTargets.sentAt)));
  const [busy] = await tx
    .select({ id: postTargets.id })
    .from(postTargets)
    .where(and(eq(postTargets.postId, postId), eq(postTargets.status, "publishing")))
    .limit(1);
  if (busy) throw conflict(MESSAGES.publishingNow, "post_publishing");
}
