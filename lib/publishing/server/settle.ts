import { and, eq } from "drizzle-orm";
import { db } from "@/db";
import { posts, type Post, type PostTarget } from "@/db/schema";
import { NEEDS_CHECK } from "@/lib/posts/server/target-states";
import { STALE_PUBLISHING_MS } from "./claim";
import { markPostPublished, targetsOfPost } from "./batched";

/**
 * The end of a publish job (engine.ts) and of a reschedule's look at a post (schedule-service.ts):
 * the post's status follows from its pages' outcomes.
 */

export interface JobOutcome {
  /** When the job should run again (a retry is due), or null when the post is settled. */
  retryAt: Date | null;
}

/** Why a scheduled post with no page at all fails: published nowhere must never read as published. */
export const NO_PAGES = "Not published: the post had no page to publish to.";

/** Derives the post's status from its targets; returns when to run again if any are still due. */
export async function settle(post: Post): Promise<JobOutcome> {
  const targets = await targetsOfPost(post.id);
  const open = targets.filter((target) => target.status === "pending" || target.status === "publishing");
  const sameSchedule = and(
    eq(posts.id, post.id),
    eq(posts.status, "scheduled"),
    eq(posts.scheduleVersion, post.scheduleVersion),
  );
  // A page the owner has to check settles nothing: the post stays scheduled (not failed) until they
  // decide, and only pages still due bring the job back (shares wait for the check, see above).
  const needsCheck = targets.some((target) => target.status === NEEDS_CHECK);
  if (needsCheck && !open.some((target) => target.type === "post")) return { retryAt: null };
  if (open.length > 0) {
    // Shares wait for the originals: while any original is open, only the originals say when to look again.
    const openOriginals = open.filter((target) => target.type === "post");
    const due = openOriginals.length > 0 ? openOriginals : open;
    // A page another worker holds is looked at again when its claim would go stale (if that worker died).
    const nextLook = (target: PostTarget) =>
      target.status === "publishing"
        ? (target.publishingStartedAt?.getTime() ?? Date.now()) + STALE_PUBLISHING_MS + 250
        : (target.nextAttemptAt?.getTime() ?? Date.now() + STALE_PUBLISHING_MS);
    const next = due.map(nextLook).sort((a, b) => a - b)[0]!;
    return { retryAt: new Date(Math.max(next, Date.now() + 100)) };
  }
  const failed = targets.filter((target) => target.status === "failed");
  if (targets.length > 0 && failed.length === 0) {
    await markPostPublished({ workspaceId: post.workspaceId, postId: post.id, scheduleVersion: post.scheduleVersion });
    return { retryAt: null };
  }
  const failureReason =
    targets.length === 0
      ? NO_PAGES
      : failed.map((target) => `${target.pageName}: ${target.errorMessage ?? "failed"}`).join("\n");
  await db.update(posts).set({ status: "failed", failureReason }).where(sameSchedule);
  return { retryAt: null };
}
