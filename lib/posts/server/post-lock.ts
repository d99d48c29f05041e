import { and, eq } from "drizzle-orm";
import type { Transaction } from "@/db";
import { posts, postTargets } from "@/db/schema";
import { conflict, notFound } from "@/lib/server/api/errors";
import { MESSAGES, type PostDto } from "@/lib/posts/schemas";

/**
 * The one check that a post may change: never once published, never while a worker publishes one
 * of its pages (a page replaced meanwhile would come back as a new pending page and go out twice).
 */

/** Up-front check on a post just read, before anything is written. */
export function assertChangeable(post: PostDto): void {
  if (post.status === "published") throw conflict(MESSAGES.published, "post_published");
  if (post.pages.some((page) => page.status === "publishing"))
    throw conflict(MESSAGES.publishingNow, "post_publishing");
}

/**
 * Inside the transaction that changes the post: locks its row, then checks again. A worker claims a
 * page only while holding the post row FOR SHARE, so after this lock no new claim can start, and a
 * claim that got in first is visible here.
 */
export async function lockPostForChange(tx: Transaction, userId: string, postId: string): Promise<void> {
  const [row] = await tx
    .select({ status: posts.status })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
    .for("update");
  if (!row) throw notFound(MESSAGES.notFound);
  if (row.status === "published") throw conflict(MESSAGES.published, "post_published");
  const [busy] = await tx
    .select({ id: postTargets.id })
    .from(postTargets)
    .where(and(eq(postTargets.postId, postId), eq(postTargets.status, "publishing")))
    .limit(1);
  if (busy) throw conflict(MESSAGES.publishingNow, "post_publishing");
}
