import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import { db } from "@/db";
import { env } from "@/lib/env";
import { posts, postTargets, socialAccounts, socialPages, type Post, type PostTarget } from "@/db/schema";
import { isPlatformError, platformModule, type PublishInput } from "@/lib/platforms";
import { freshAccessToken, markAccountInvalid, markPageInvalid, pageToken } from "@/lib/social/account-tokens";
import type { ConnectablePlatform } from "@/lib/social/schemas";
import { publishFailureMessage, retryDelayMs, MAX_ATTEMPTS } from "./errors";
import { textForTarget } from "./text";

/**
 * Publishing one post, exactly once per page. Each target moves pending → publishing → published |
 * failed through conditional UPDATEs, so only one worker can hold it; the platform's post id is
 * recorded before the target counts as done; a target whose outcome is uncertain (a crash or a
 * timeout after the platform may have accepted it) is first looked up on the platform and only
 * published if it is not there. The post's status is derived from its targets.
 */

/** A target still 'publishing' after this long belongs to a worker that died (well past a request's 15 s limit). */
export const STALE_PUBLISHING_MS = env.PUBLISH_STALE_SECONDS * 1000;
const UNCERTAIN = "uncertain";

export interface JobOutcome {
  /** When the job should run again (a retry is due), or null when the post is settled. */
  retryAt: Date | null;
}

export async function runPublishJob(postId: string, scheduleVersion: number, now = new Date()): Promise<JobOutcome> {
  const [post] = await db.select().from(posts).where(eq(posts.id, postId));
  // Deleted, unscheduled or rescheduled since this job was made: nothing to do here.
  if (!post || post.status !== "scheduled" || post.scheduleVersion !== scheduleVersion) return { retryAt: null };
  if (post.scheduledAt && post.scheduledAt.getTime() > now.getTime() + 1000) return { retryAt: post.scheduledAt };

  // Originals first: shares link to them.
  for (const type of ["post", "share"] as const) {
    const targets = await db.select().from(postTargets).where(and(eq(postTargets.postId, postId), eq(postTargets.type, type)));
    for (const target of targets) {
      const claimed = await claim(target.id);
      if (claimed) await publishTarget(post, claimed);
    }
  }
  return settle(post);
}

/** pending (due) → publishing, or a stale publishing → publishing; null when someone else holds it. */
async function claim(targetId: string): Promise<PostTarget | null> {
  const staleBefore = new Date(Date.now() - STALE_PUBLISHING_MS);
  const [row] = await db
    .update(postTargets)
    .set({
      status: "publishing",
      publishingStartedAt: new Date(),
      attempts: sql`${postTargets.attempts} + 1`,
      // A stale 'publishing' target may have reached the platform: look before publishing again.
      errorCode: sql`case when ${postTargets.status} = 'publishing' then ${UNCERTAIN} else ${postTargets.errorCode} end`,
    })
    .where(
      and(
        eq(postTargets.id, targetId),
        or(
          and(eq(postTargets.status, "pending"), or(isNull(postTargets.nextAttemptAt), lte(postTargets.nextAttemptAt, new Date()))),
          and(eq(postTargets.status, "publishing"), lt(postTargets.publishingStartedAt, staleBefore)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

async function finish(targetId: string, values: Partial<typeof postTargets.$inferInsert>): Promise<void> {
  await db.update(postTargets).set(values).where(and(eq(postTargets.id, targetId), eq(postTargets.status, "publishing")));
}

async function publishTarget(post: Post, target: PostTarget): Promise<void> {
  const [row] = target.pageId
    ? await db
        .select({ page: socialPages, account: socialAccounts })
        .from(socialPages)
        .innerJoin(socialAccounts, eq(socialAccounts.id, socialPages.socialAccountId))
        .where(eq(socialPages.id, target.pageId))
    : [];
  if (!row) {
    await finish(target.id, { status: "failed", errorCode: "account_disconnected", errorMessage: "The account for this page was disconnected. Reconnect it and reschedule." });
    return;
  }
  const platform = row.account.platform as ConnectablePlatform;
  const client = platformModule(platform);
  try {
    const text = await textForTarget(post, target, platform);
    const input: PublishInput = {
      accessToken: await freshAccessToken(row.account),
      pageId: row.page.pageId,
      pageAccessToken: pageToken(row.page),
      handle: row.account.accountHandle,
      text,
    };
    if (target.errorCode === UNCERTAIN) {
      const found = await client.findRecentPost(input, post.scheduledAt ?? post.updatedAt);
      if (found) {
        await finish(target.id, { status: "published", platformPostId: found.platformPostId, platformPostUrl: found.url, publishedAt: new Date(), errorCode: null, errorMessage: null });
        return;
      }
    }
    const published = await client.publish(input);
    await finish(target.id, { status: "published", platformPostId: published.platformPostId, platformPostUrl: published.url, publishedAt: new Date(), errorCode: null, errorMessage: null });
  } catch (error) {
    await recordFailure(target, platform, error, row.account.id, row.page.id);
  }
}

async function recordFailure(target: PostTarget, platform: ConnectablePlatform, error: unknown, accountId: string, pageId: string) {
  const kind = isPlatformError(error) ? (error.message === "too_long" ? "too_long" : error.kind) : "unexpected";
  if (kind === "expired_token") {
    if (platform === "facebook") await markPageInvalid(pageId);
    else await markAccountInvalid(accountId, error instanceof Error ? error.message : "expired");
  }
  const retryable = kind === "transient" || kind === "rate_limited";
  if (retryable && target.attempts < MAX_ATTEMPTS) {
    const resetAt = isPlatformError(error) ? error.details.resetAt : undefined;
    await finish(target.id, {
      status: "pending",
      // A timeout or 5xx may hide an accepted post: the next attempt looks first.
      errorCode: kind === "transient" ? UNCERTAIN : "rate_limited",
      errorMessage: publishFailureMessage(kind, platform),
      nextAttemptAt: new Date(Math.max(Date.now() + retryDelayMs(target.attempts), resetAt?.getTime() ?? 0)),
    });
    return;
  }
  if (!isPlatformError(error)) console.error(`[publish] target ${target.id} failed unexpectedly`, error);
  await finish(target.id, { status: "failed", errorCode: kind, errorMessage: publishFailureMessage(kind, platform), nextAttemptAt: null });
}

/** Derives the post's status from its targets; returns when to run again if any are still due. */
async function settle(post: Post): Promise<JobOutcome> {
  const targets = await db.select().from(postTargets).where(eq(postTargets.postId, post.id));
  const open = targets.filter((target) => target.status === "pending" || target.status === "publishing");
  const sameSchedule = and(eq(posts.id, post.id), eq(posts.status, "scheduled"), eq(posts.scheduleVersion, post.scheduleVersion));
  if (open.length > 0) {
    const next = open.map((target) => target.nextAttemptAt?.getTime() ?? Date.now() + STALE_PUBLISHING_MS).sort((a, b) => a - b)[0]!;
    return { retryAt: new Date(Math.max(next, Date.now() + 100)) };
  }
  const failed = targets.filter((target) => target.status === "failed");
  const publishedAt = new Date(Math.max(0, ...targets.map((target) => target.publishedAt?.getTime() ?? 0)) || Date.now());
  await db
    .update(posts)
    .set(
      failed.length === 0
        ? { status: "published", publishedAt, failureReason: null }
        : { status: "failed", failureReason: failed.map((target) => `${target.pageName}: ${target.errorMessage ?? "failed"}`).join("\n") },
    )
    .where(sameSchedule);
  return { retryAt: null };
}
