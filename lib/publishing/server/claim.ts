import { and, eq } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { db } from "@/db";
import { postTargets, type Post, type PostTarget } from "@/db/schema";
import { env } from "@/lib/server/env";
import { coalesce } from "@/lib/server/coalesce";
import { heartbeat } from "@/lib/server/ops/heartbeat";
import { byId, finishPublished, plainArray, publishLane, recordSending, sortedById } from "./batched";
import { publishStatements } from "./statements";

/**
 * Who holds a page while it is being published. A worker claims a target by a conditional UPDATE
 * (pending and due → publishing, or publishing but stale → publishing), so only one worker holds it.
 * While it works, the holder renews `publishing_started_at` on a timer, also during one long request
 * (a video upload), so a live worker never looks dead; only a dead one's claim goes stale.
 */

/** A target still 'publishing' after this long belongs to a worker that died. */
export const STALE_PUBLISHING_MS = env.PUBLISH_STALE_SECONDS * 1000;
const RENEW_EVERY_MS = STALE_PUBLISHING_MS / 4;

/** Another worker took the target over (ours looked dead): stop without touching it. */
export class ClaimLost extends Error {}

/**
 * pending (due) → publishing, or a stale publishing → publishing; null when someone else holds it,
 * or when the post was deleted, unscheduled or rescheduled since the job read it. The post row is
 * locked FOR SHARE meanwhile, so a reschedule (which locks it to update) either lands before the
 * claim and stops it, or waits for it and then sees the page publishing (409).
 *
 * `text`, when the engine knows it before the claim, is recorded as about to be sent where the page
 * starts afresh (statements.ts): `sentWithClaim` then tells the engine it need not record it again.
 */
export function claim(targetId: string, post: Post, text: string | null = null): Promise<PostTarget | null> {
  return claimTarget({ targetId, postId: post.id, scheduleVersion: post.scheduleVersion, text });
}

/** Whether this claim recorded `text` as about to be sent (both written by the claim's one statement). */
export function sentWithClaim(claimed: PostTarget, text: string): boolean {
  return (
    claimed.sentText === text &&
    claimed.sentAt !== null &&
    claimed.sentAt.getTime() === claimed.publishingStartedAt?.getTime()
  );
}

interface ClaimRequest {
  targetId: string;
  postId: string;
  scheduleVersion: number;
  text: string | null;
}

/** The claim's time, when a claim is stale by age, and who claims (this process's heartbeat id). */
const claimTimes = () => {
  const now = new Date();
  return { now, staleBefore: new Date(now.getTime() - STALE_PUBLISHING_MS), holder: claimHolder() };
};

/** The id a claim made now records: null in a process without a heartbeat (its claims go stale by age only). */
export const claimHolder = (): string | null => heartbeat()?.holder() ?? null;

/** Whether this process may claim pages now: always in a process without a heartbeat. */
export const mayClaimNow = (): boolean => heartbeat()?.mayClaim() ?? true;

/** Claims asked for in the same turn, in one statement (batched.ts); each row keeps its own conditions. */
export const claimTarget = coalesce(
  async (requests: ClaimRequest[]): Promise<(PostTarget | null)[]> => {
    const ids = requests.map((request) => request.targetId);
    // One page asked for twice (an old job and a new one of the same post): each on its own.
    if (new Set(ids).size !== ids.length) throw new Error("a page asked for twice in one batch");
    const sorted = sortedById(requests);
    const rows = await publishStatements().claims.execute({
      targetIds: plainArray(sorted.map((request) => request.targetId)),
      postIds: plainArray(sorted.map((request) => request.postId)),
      versions: plainArray(sorted.map((request) => request.scheduleVersion)),
      texts: sorted.map((request) => request.text),
      ...claimTimes(),
    });
    return byId(ids, rows, (row) => row.id).map((row) => row ?? null);
  },
  async (request: ClaimRequest) => {
    const [row] = await publishStatements().claim.execute({ ...request, ...claimTimes() });
    return row ?? null;
  },
  { lane: publishLane },
);

type TargetValues = PgUpdateSetSource<typeof postTargets>;

/** Writes the outcome of a target just claimed (and not held on a timer): only while the claim is this one. */
export async function finish(target: PostTarget, values: TargetValues): Promise<void> {
  const claimedAt = target.publishingStartedAt;
  await db
    .update(postTargets)
    .set(values)
    .where(
      and(
        eq(postTargets.id, target.id),
        eq(postTargets.status, "publishing"),
        claimedAt ? eq(postTargets.publishingStartedAt, claimedAt) : undefined,
      ),
    );
}

export interface HeldClaim {
  /** Throws ClaimLost when another worker has taken the target over, or the claim could not be kept fresh. */
  assertHeld(): Promise<void>;
  /** Throws ClaimLost, at once, when this process's heartbeat lapsed since the claim (it may look lost). */
  assertLive(): void;
  /** Records the exact text about to be sent, while the claim is still ours. */
  recordSending(text: string): Promise<void>;
  /** Records what the platform accepted under an id but has yet to finish (a video), while the claim is ours. */
  recordAccepted(mediaId: string): Promise<void>;
  /** Writes the outcome, only while the claim is still ours (false when it was taken over). */
  finish(values: TargetValues): Promise<boolean>;
  /** The same for the usual outcome, published under the platform's id. */
  finishPublished(found: { platformPostId: string; url: string | null }): Promise<boolean>;
  /**
   * Publishing the page publishes its post too, in the same statement, where the post is still on
   * this schedule and has no other page not published (a post of one page: dispatcher.ts).
   */
  settlePostWhenPublished(scheduleVersion: number): void;
  release(): void;
}

/** Keeps a claimed target ours until `release()`: renews the claim every quarter of the stale limit. */
export function holdClaim(target: PostTarget, workspaceId: string): HeldClaim {
  let claimedAt = target.publishingStartedAt ?? new Date();
  let lost = false;
  let settlesPost: number | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  // One statement at a time: each one's WHERE names the timestamp the previous renewal wrote.
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work);
    chain = next.catch(() => undefined);
    return next;
  };
  const stillOurs = () =>
    and(
      eq(postTargets.id, target.id),
      eq(postTargets.status, "publishing"),
      eq(postTargets.publishingStartedAt, claimedAt),
    );
  const held = () => ({ targetId: target.id, claimedAt });
  // A claim recorded under a heartbeat's id sends only while that heartbeat is fresh: past it,
  // another worker may take the page over (lib/server/ops/heartbeat.ts).
  const holder = target.claimedBy;
  const live = () => holder === null || (heartbeat()?.mayAct(holder) ?? false);
  /** A write made with `stillOurs()`: true when it found the row, i.e. the claim was still ours. */
  const writeHeld = async (values: TargetValues) =>
    (await db.update(postTargets).set(values).where(stillOurs()).returning({ id: postTargets.id })).length > 0;
  const renew = () =>
    serial(async () => {
      if (lost) return;
      const now = new Date();
      try {
        const [row] = await publishStatements().renewClaim.execute({ ...held(), now });
        if (row) claimedAt = now;
        else lost = true;
      } catch (error) {
        // The database blinked: the next renewal tries again, well before the claim goes stale.
        console.error(`[publish] could not renew the claim on target ${target.id}`, error);
      }
    });
  /** A note on the held row (not an outcome): throws ClaimLost when the claim is no longer ours. */
  const write = (statement: () => Promise<boolean>) =>
    serial(async () => {
      if (lost) throw new ClaimLost();
      if (!(await statement())) {
        lost = true;
        throw new ClaimLost();
      }
    });
  const timer = setInterval(() => void renew(), RENEW_EVERY_MS);
  timer.unref();
  /** The outcome, only while the claim is still ours; the claim ends either way. */
  const end = (statement: () => Promise<boolean>) =>
    serial(async () => {
      if (lost) return false;
      const written = await statement();
      lost = true;
      return written;
    });
  return {
    async assertHeld() {
      await serial(async () => undefined);
      // Renewals failing (the database away) must not let a claim that looks stale to others pass.
      if (!lost && Date.now() - claimedAt.getTime() > STALE_PUBLISHING_MS / 2) await renew();
      if (lost || Date.now() - claimedAt.getTime() > STALE_PUBLISHING_MS / 2) throw new ClaimLost();
      if (!live()) {
        lost = true;
        throw new ClaimLost();
      }
    },
    assertLive() {
      if (live()) return;
      lost = true;
      throw new ClaimLost();
    },
    finish: (values) => end(() => writeHeld(values)),
    finishPublished: (found) =>
      end(() =>
        finishPublished({
          ...held(),
          workspaceId,
          postId: target.postId,
          platformPostId: found.platformPostId,
          url: found.url,
          settlesPost,
        }),
      ),
    settlePostWhenPublished(scheduleVersion) {
      settlesPost = scheduleVersion;
    },
    recordSending: (text) => write(() => recordSending({ ...held(), text })),
    recordAccepted: (mediaId) => write(() => writeHeld({ acceptedMediaId: mediaId })),
    release() {
      clearInterval(timer);
      lost = true;
    },
  };
}
