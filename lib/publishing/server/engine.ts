import { and, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { postTargets, socialAccounts, type Post, type PostTarget, type SocialAccount } from "@/db/schema";
import { network } from "@/lib/networks";
import {
  isPlatformError,
  platformModule,
  PlatformError,
  type PublishInput,
  type PublishMedia,
} from "@/lib/networks/server";
import { NEEDS_CHECK, PROCESSING, UNCERTAIN } from "@/lib/posts/server/target-states";
import {
  freshAccessToken,
  markAccountInvalid,
  markPageInvalid,
  pageToken,
  refreshAccountTokensNow,
} from "@/lib/social/server/account-tokens";
import type { ConnectablePlatform } from "@/lib/social/schemas";
import { claim, ClaimLost, finish, holdClaim, mayClaimNow, sentWithClaim, type HeldClaim } from "./claim";
import { duplicateVerdict, needsCheckValues, repostProblem } from "./doubt";
import { publishFailureMessage, retryDelayMs, MAX_ATTEMPTS } from "./errors";
import { toPublishMedia } from "./post-media";
import { processingVerdict } from "./processing";
import { loadJob, markPostPublished, pageWithAccount, type PageWithAccount } from "./batched";
import { acquireRate, holdRate, RateLimitDeferral, type RateScope } from "./rate-limit";
import { settle, type JobOutcome } from "./settle";
import { plainTextForTarget, textForTarget } from "./text";

/**
 * Publishing one post, exactly once per page. Each target moves pending → publishing → published |
 * failed through conditional UPDATEs, so only one worker can hold it; the platform's post id is
 * recorded before the target counts as done; a target whose outcome is uncertain (a crash or a
 * timeout after the platform may have accepted it) is first looked up on the platform and only
 * published if it is not there. The post's status is derived from its targets.
 *
 * Before every request to a platform (media uploads, the post, lookups) the shared rate limiter is
 * asked; when it says "not yet", the target goes back to pending for then without the attempt
 * counting. A 429 holds the whole account for every worker until the platform's reset time.
 */

/** How long a 429 without a reset time holds the account. */
const UNKNOWN_RESET_HOLD_MS = 60_000;

const NOTHING_TO_SHARE = "Not shared: the original post was not published on any page.";

/**
 * How long the page and account read with the job stand for them as they are: a page attempted
 * later (after the job's other pages went out) is read again, so a token renewed meanwhile is
 * used (a disconnect needs no read: it fails the page's pending target itself, accounts-service.ts).
 */
const PAGE_READ_FRESH_MS = 1000;
/** When a job that met a lapsed heartbeat runs again (the heartbeat is written every second). */
const LAPSED_RETRY_MS = 2_000;

export type { JobOutcome } from "./settle";

/** `stopping`: the worker is shutting down; the targets not yet started are left for another worker. */
export async function runPublishJob(
  postId: string,
  scheduleVersion: number,
  now = new Date(),
  stopping?: AbortSignal,
): Promise<JobOutcome> {
  // One statement: the post, its pages (each with its page and account) and its media.
  const job = await loadJob(postId);
  const readAt = Date.now();
  // Deleted, unscheduled or rescheduled since this job was made: nothing to do here.
  if (!job) return { retryAt: null };
  const { targets, media: attached, ...post } = job;
  if (post.status !== "scheduled" || post.scheduleVersion !== scheduleVersion) return { retryAt: null };
  if (post.scheduledAt && post.scheduledAt.getTime() > now.getTime() + 1000) return { retryAt: post.scheduledAt };

  const media = attached.map((item) => toPublishMedia(item.media));
  const originals = targets.filter((row) => row.type === "post");
  let publishedHere = 0;
  for (const { page, ...target } of originals) {
    if (stopping?.aborted) return { retryAt: new Date() };
    // While this process's heartbeat has lapsed, its claims would be taken over at once: later.
    if (!mayClaimNow()) return { retryAt: new Date(Date.now() + LAPSED_RETRY_MS) };
    const read = page && Date.now() - readAt < PAGE_READ_FRESH_MS ? pageAndAccount(page) : undefined;
    const text = read ? plainTextForTarget(post, target, read.account.platform as ConnectablePlatform) : null;
    const claimed = await claim(target.id, post, text);
    if (!claimed) continue;
    if (await publishTarget(post, claimed, media, claimed.pageId === read?.page.id ? read : undefined))
      publishedHere += 1;
  }
  // Every page of the post went out in this job: the post is published, unless the statement finds
  // a page it did not know (an edit since) or a new schedule.
  if (publishedHere > 0 && publishedHere === targets.length) {
    const published = await markPostPublished({ workspaceId: post.workspaceId, postId, scheduleVersion });
    if (published) return { retryAt: null };
  }

  // Shares carry links to the originals (not the post's media), so they wait until every original
  // is settled; when none went out there is nothing to share.
  const shares = targets.filter((row) => row.type === "share");
  if (shares.length > 0) {
    const originals = await db
      .select({ status: postTargets.status })
      .from(postTargets)
      .where(and(eq(postTargets.postId, postId), eq(postTargets.type, "post")));
    // An original the owner has to check may still turn out published: its shares wait for the answer.
    if (originals.some((row) => ["pending", "publishing", NEEDS_CHECK].includes(row.status))) return settle(post);
    const nothingToShare = originals.length > 0 && !originals.some((row) => row.status === "published");
    for (const target of shares) {
      if (stopping?.aborted) return { retryAt: new Date() };
      if (!mayClaimNow()) return { retryAt: new Date(Date.now() + LAPSED_RETRY_MS) };
      const claimed = await claim(target.id, post);
      if (!claimed) continue;
      // A share that may already be out is still looked up; one never sent is simply not sent.
      if (nothingToShare && claimed.errorCode !== UNCERTAIN)
        await finish(claimed, {
          status: "failed",
          errorCode: "nothing_to_share",
          errorMessage: NOTHING_TO_SHARE,
          nextAttemptAt: null,
        });
      else await publishTarget(post, claimed, [], undefined);
    }
  }
  return settle(post);
}

/**
 * Awaited before each platform request: the target must still be ours and the shared rate limits
 * must allow the call.
 */
function requestGate(held: HeldClaim, scope: RateScope): PublishInput["beforeRequest"] {
  return async (operation) => {
    await held.assertHeld();
    let decision;
    try {
      decision = await acquireRate(scope, operation);
    } catch (error) {
      console.error("[publish] rate limiter unavailable", error);
      throw new PlatformError("transient", "The rate limiter is unavailable");
    }
    if (!decision.allowed) throw new RateLimitDeferral(decision.retryAt, decision.held);
    // The last check before the request leaves: the limiter's round trip may have outlasted the heartbeat.
    held.assertLive();
  };
}

/** Not allowed yet: pending again until then, and this attempt does not count. Uncertainty is kept. */
async function defer(held: HeldClaim, target: PostTarget, platform: ConnectablePlatform, retryAt: Date): Promise<void> {
  // A little spread, so the targets waiting on one account do not all wake at the same instant.
  const spreadMs = Math.random() * Math.min(1000, Math.max(0, retryAt.getTime() - Date.now()) / 10);
  await held.finish({
    status: "pending",
    attempts: sql`greatest(${postTargets.attempts} - 1, 0)`,
    errorCode: target.errorCode === UNCERTAIN ? UNCERTAIN : "rate_limited",
    errorMessage: publishFailureMessage("rate_limited", platform),
    nextAttemptAt: new Date(retryAt.getTime() + spreadMs),
  });
}

/** The page and account read with the job, in the shape `pageWithAccount` reads them. */
function pageAndAccount({ account, ...page }: NonNullable<JobTarget["page"]>): PageWithAccount {
  return { page, account };
}

type JobTarget = NonNullable<Awaited<ReturnType<typeof loadJob>>>["targets"][number];

/**
 * Publishes one claimed page; true when it was recorded published here. `read`: its page and
 * account, read with the job a moment ago (read again when absent).
 */
async function publishTarget(
  post: Post,
  target: PostTarget,
  media: PublishMedia[],
  read: PageWithAccount | undefined,
): Promise<boolean> {
  return publishHeldTarget(post, target, media, holdClaim(target, post.workspaceId), read);
}

/**
 * Publishes a page already claimed and held (the dispatcher holds the pages it claims ahead of
 * their instant); true when it was recorded published here. The hold ends with it.
 */
export async function publishHeldTarget(
  post: Post,
  target: PostTarget,
  media: PublishMedia[],
  held: HeldClaim,
  read: PageWithAccount | undefined,
): Promise<boolean> {
  try {
    return await attemptTarget(post, target, media, held, read);
  } finally {
    held.release();
  }
}

async function attemptTarget(
  post: Post,
  target: PostTarget,
  media: PublishMedia[],
  held: HeldClaim,
  read: PageWithAccount | undefined,
): Promise<boolean> {
  const row = read ?? (target.pageId ? await pageWithAccount(target.pageId) : undefined);
  if (!row) {
    await held.finish({
      status: "failed",
      errorCode: "account_disconnected",
      errorMessage: "The account for this page was disconnected. Reconnect it and reschedule.",
    });
    return false;
  }
  const platform = row.account.platform as ConnectablePlatform;
  const client = platformModule(platform);
  const scope: RateScope = { platform, account: row.page.pageId };
  // Set once the request may have reached the platform: from then on nothing counts as "not sent".
  let sending = false;
  let published: { platformPostId: string; url: string | null } | null = null;
  // The earlier attempt may be out and cannot be looked up: this attempt sends the same text again,
  // and a duplicate refusal names the post that did go out.
  let decideByDuplicate = false;
  try {
    const text = await textForTarget(post, target, platform);
    let accessToken = await freshAccessToken(row.account);
    const input = (overrides: Partial<PublishInput> = {}): PublishInput => ({
      accessToken,
      pageId: row.page.pageId,
      pageAccessToken: pageToken(row.page),
      handle: row.account.accountHandle,
      text,
      media,
      beforeRequest: requestGate(held, scope),
      acceptedMediaId: target.acceptedMediaId,
      onAccepted: (mediaId) => held.recordAccepted(mediaId),
      ...overrides,
    });
    // X and LinkedIn can refuse an access token that still had time left (revoked, rotated
    // elsewhere): it is renewed once and the call tried again; only a refused renewal marks the
    // account expired.
    const withRenewal = async <T>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        if (!mayRenewAfterRefusal(error, row.account)) throw error;
        accessToken = await renewedAccessToken(row.account.id);
        return call();
      }
    };
    if (target.acceptedMediaId) {
      // The platform already accepted this page's post (a video being processed): follow that, never send again.
      sending = true;
      published = await withRenewal(() => client.publish(input()));
      return await held.finishPublished(published);
    }
    if (target.errorCode === UNCERTAIN && (client.canFindRecentPost?.(row.account.scopes) ?? true)) {
      // Looked up by what the earlier attempt really sent, from when it sent it: the post may have
      // been edited or rescheduled since.
      const since = target.sentAt ?? post.scheduledAt ?? post.updatedAt;
      const found = await withRenewal(() => client.findRecentPost(input({ text: target.sentText ?? text }), since));
      if (found) return await held.finishPublished(found);
    } else if (target.errorCode === UNCERTAIN && target.sentText !== null) {
      const problem = repostProblem(target, text, media, new Date());
      if (problem) {
        await held.finish(needsCheckValues(problem, platform));
        return false;
      }
      decideByDuplicate = true;
    }
    // The claim recorded it already where the page started afresh.
    if (!sentWithClaim(target, text)) await held.recordSending(text);
    sending = true;
    published = await withRenewal(() => client.publish(input()));
    return await held.finishPublished(published);
  } catch (error) {
    if (error instanceof ClaimLost) return false;
    if (published) {
      // It is on the platform; only our record failed. Left 'publishing', the page goes stale and is
      // taken over as uncertain: the lookup then finds and records it.
      console.error(`[publish] target ${target.id} was published but could not be recorded`, error);
      return false;
    }
    if (error instanceof RateLimitDeferral) await defer(held, target, platform, error.retryAt);
    else if (decideByDuplicate && isPlatformError(error) && !mayRetry(error, target)) {
      const verdict = duplicateVerdict(error);
      if ("existingPostId" in verdict) {
        const url = client.postUrl?.(verdict.existingPostId) ?? null;
        await held.finishPublished({ platformPostId: verdict.existingPostId, url });
      } else {
        if (error.kind === "expired_token") await markAccountInvalid(row.account.id, error.message);
        await held.finish(needsCheckValues(verdict.problem, platform));
      }
    } else {
      // Something of ours failed while the request may have been on its way: treat it as a timeout.
      const failure =
        sending && !isPlatformError(error) ? new PlatformError("transient", "Unexpected error while sending") : error;
      if (failure !== error) console.error(`[publish] target ${target.id}: unexpected error while sending`, error);
      await recordFailure(held, target, platform, failure, row.account.id, row.page.id, scope);
    }
    return false;
  }
}

function mayRenewAfterRefusal(error: unknown, account: SocialAccount): boolean {
  return (
    isPlatformError(error) &&
    error.kind === "expired_token" &&
    network(account.platform as ConnectablePlatform).publishesAs !== "pages" &&
    account.refreshTokenEnc !== null
  );
}

async function renewedAccessToken(accountId: string): Promise<string> {
  await refreshAccountTokensNow(accountId);
  const [account] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
  if (!account) throw new PlatformError("expired_token", "The account was disconnected");
  return freshAccessToken(account);
}

/** A refusal worth another attempt (and attempts left): the page stays pending, its doubt kept. */
function mayRetry(error: PlatformError, target: PostTarget): boolean {
  return (error.kind === "transient" || error.kind === "rate_limited") && target.attempts < MAX_ATTEMPTS;
}

async function recordFailure(
  held: HeldClaim,
  target: PostTarget,
  platform: ConnectablePlatform,
  error: unknown,
  accountId: string,
  pageId: string,
  scope: RateScope,
) {
  const kind = isPlatformError(error) ? (error.message === "too_long" ? "too_long" : error.kind) : "unexpected";
  const detail =
    isPlatformError(error) && (kind === "invalid_media" || kind === "usage_capped") ? error.message : undefined;
  if (kind === "expired_token") {
    if (network(platform).publishesAs === "pages") await markPageInvalid(pageId);
    else await markAccountInvalid(accountId, error instanceof Error ? error.message : "expired");
  }
  const retryable = isPlatformError(error) && mayRetry(error, target);
  let resetAt = isPlatformError(error) ? error.details.resetAt : undefined;
  if (kind === "processing") {
    const verdict = processingVerdict(target.sentAt, resetAt, new Date());
    // Accepted and still being processed: looked at again then, by its id. Not a failed attempt.
    if (!verdict.giveUp) {
      await held.finish({
        status: "pending",
        attempts: sql`greatest(${postTargets.attempts} - 1, 0)`,
        errorCode: PROCESSING,
        errorMessage: publishFailureMessage(kind, platform),
        nextAttemptAt: verdict.nextAttemptAt,
      });
      return;
    }
    // Hours of processing: the owner is told, the accepted id is kept (publishing again follows it).
    await held.finish({
      status: "failed",
      errorCode: "processing_timeout",
      errorMessage: publishFailureMessage("processing_timeout", platform),
      nextAttemptAt: null,
    });
    return;
  }
  if (kind === "rate_limited") {
    // Every worker holds this account until the platform's reset, not just this target.
    resetAt ??= new Date(Date.now() + UNKNOWN_RESET_HOLD_MS);
    await holdRate(scope, resetAt).catch((holdError: unknown) =>
      console.error("[publish] could not store a rate-limit hold", holdError),
    );
  }
  if (retryable) {
    await held.finish({
      status: "pending",
      // A timeout or 5xx may hide an accepted post: the next attempt looks first (and a 429 does not clear that doubt).
      errorCode: kind === "transient" || target.errorCode === UNCERTAIN ? UNCERTAIN : "rate_limited",
      errorMessage: publishFailureMessage(kind, platform),
      nextAttemptAt: new Date(Math.max(Date.now() + retryDelayMs(target.attempts), resetAt?.getTime() ?? 0)),
    });
    return;
  }
  if (!isPlatformError(error)) console.error(`[publish] target ${target.id} failed unexpectedly`, error);
  // The owner is told the installation needs an update; the operator reads what to change here.
  if (kind === "unsupported_version") console.error(`[publish] target ${target.id}: ${(error as Error).message}`);
  await held.finish({
    status: "failed",
    errorCode: kind,
    errorMessage: publishFailureMessage(kind, platform, detail),
    nextAttemptAt: null,
    // A video the platform could not process is gone: publishing again sends the (changed) media anew.
    // Any other failure keeps the accepted id, so publishing again follows what is already there.
    ...(kind === "invalid_media" ? { acceptedMediaId: null } : {}),
  });
}
