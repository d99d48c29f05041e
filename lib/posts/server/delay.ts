import type { PostTarget } from "@/db/schema";
import { platformLabels, type SocialPlatform } from "@/lib/social/schemas";
import type { PostDelay, PostStatus } from "@/lib/posts/schemas";

/**
 * "No silent failures": a post still waiting to go out 5 minutes after its time is shown as delayed,
 * with the reason read from its pages' publishing state (pure, so it is unit-tested).
 */

export const DELAYED_AFTER_MS = 5 * 60_000;

type DelayPost = { status: PostStatus; scheduledAt: Date | null };
type DelayTarget = Pick<PostTarget, "status" | "platform" | "errorCode" | "errorMessage" | "nextAttemptAt">;

export const DELAY_REASONS = {
  serviceDown: "Waiting for the publishing service, which is not running at the moment.",
  notPickedUp: "Waiting for the publishing service to pick it up.",
  serviceDownToo: "The publishing service is not running at the moment.",
  finishing: "Waiting for the publishing service to finish it.",
} as const;

/** Due more than 5 minutes ago and still scheduled (its pages not all published or failed). */
export function isOverdue(post: DelayPost, now: Date): boolean {
  return (
    post.status === "scheduled" &&
    post.scheduledAt !== null &&
    now.getTime() - post.scheduledAt.getTime() > DELAYED_AFTER_MS
  );
}

const label = (platform: string) => platformLabels[platform as SocialPlatform] ?? platform;

/** Why a page waits for another attempt: a rate limit, a temporary error, or what the engine noted. */
function retryReason(target: DelayTarget): string | null {
  if (target.errorCode === "rate_limited")
    return target.errorMessage ?? `Platform rate limit reached on ${label(target.platform)}.`;
  if (target.errorCode === "uncertain" && target.errorMessage)
    return `${label(target.platform)} did not answer in time; retrying after a temporary error.`;
  return target.errorMessage;
}

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/**
 * The delay of an overdue post, or null. `workerAlive` says whether a worker has written its
 * heartbeat recently: with none, nothing will move until one starts, which the owner should know.
 */
export function postDelay(
  post: DelayPost,
  targets: readonly DelayTarget[],
  now: Date,
  workerAlive: boolean,
): PostDelay | null {
  if (!isOverdue(post, now) || !post.scheduledAt) return null;
  const open = targets.filter((target) => target.status === "pending" || target.status === "publishing");
  const retrying = open.filter((target) => target.status === "pending" && (target.errorCode || target.errorMessage));
  const publishing = open.filter((target) => target.status === "publishing");

  const reasons: string[] = [];
  for (const target of retrying) {
    const reason = retryReason(target);
    if (reason && !reasons.includes(reason)) reasons.push(reason);
  }
  const toCheck = targets.filter((target) => target.status === "needs_check");
  if (toCheck.length > 0) {
    const platforms = [...new Set(toCheck.map((target) => label(target.platform)))];
    reasons.push(`Needs your check: we could not confirm whether it went out on ${list(platforms)}.`);
  }
  if (publishing.length > 0) {
    const platforms = [...new Set(publishing.map((target) => label(target.platform)))];
    reasons.push(`Publishing to ${list(platforms)} has started and not finished yet.`);
  }
  if (reasons.length > 0 && !workerAlive) reasons.push(DELAY_REASONS.serviceDownToo);
  if (reasons.length === 0)
    reasons.push(
      !workerAlive ? DELAY_REASONS.serviceDown : open.length > 0 ? DELAY_REASONS.notPickedUp : DELAY_REASONS.finishing,
    );

  const retryTimes = retrying.flatMap((target) => (target.nextAttemptAt ? [target.nextAttemptAt.getTime()] : []));
  return {
    since: post.scheduledAt.toISOString(),
    reason: reasons.join(" "),
    retryAt: retryTimes.length > 0 ? new Date(Math.min(...retryTimes)).toISOString() : null,
  };
}
