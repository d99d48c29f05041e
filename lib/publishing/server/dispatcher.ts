import { sql } from "drizzle-orm";
import { postTargets, type Post, type PostTarget } from "@/db/schema";
import { lane } from "@/lib/server/coalesce";
import { env } from "@/lib/server/env";
import type { PublishMedia } from "@/lib/networks/server";
import { publishNoLaterThan } from "@/lib/publishing/server/publish-queue";
import { markApprovalsMissed } from "@/lib/approvals/server/missed";
import { claimHolder, holdClaim, mayClaimNow, type HeldClaim } from "./claim";
import { loadPostToSend } from "./batched";
import { publishHeldTarget, runPublishJob } from "./engine";
import { toPublishMedia } from "./post-media";
import { dispatchStatements, lostStatements } from "./dispatch-statements";

/**
 * The instant dispatcher: each worker process claims the pages falling due straight from Postgres,
 * a hundred in one statement, a few seconds before their instant, reads their posts, and publishes
 * them at the instant. At 09:00:00 thousands of posts fall due together (the Schedule modal's
 * suggested times); claiming and reading them ahead leaves only the platform calls and the outcomes
 * for the instant itself (docs/benchmarks.md › publish-lag).
 *
 * What it claims (dispatch-statements.ts, claimableAhead): a post's first original page not yet
 * attempted on its schedule, while no other page of that post is being published. The post's other
 * pages and its shares go on in this process through the engine (`runPublishJob`), one after
 * another as a job does; retries, videos still processing and a dead worker's pages are left to the
 * post's job, which runs as a backstop after the instant (PUBLISH_BACKSTOP_MS). Exactly once rests
 * where it did: a page is sent only under a claim this process holds (claim.ts), renewed while it
 * waits for its instant, and only once the text about to be sent is recorded under that claim.
 *
 * A dead worker's pages are found here too, soon after its heartbeat stops (`recoverLost`): each
 * live dispatcher looks every second for workers whose heartbeat is older than LOST_AFTER_SECONDS
 * and runs the due posts with a page they hold, as the posts' jobs would. The claim takes such a
 * page over (statements.ts, `claimable`), as uncertain where its text was recorded, so it is
 * looked up on the platform before anything is sent again. In the same look, posts whose time came
 * while they still waited for approval fail with 'Approval missed' (lib/approvals/server/missed.ts).
 *
 * A page claimed ahead is reserved, not being sent: an edit or a reschedule before the instant takes
 * it back (lib/posts/server/post-lock.ts), and this process then finds its claim gone. On shutdown
 * the pages not yet sent are handed back, pending as they were, for another worker to claim at once.
 */

/** How long before its instant a page is claimed. */
const DISPATCH_LEAD_MS = env.PUBLISH_DISPATCH_LEAD_SECONDS * 1000;
/** Pages one claim takes. */
const CLAIM_BATCH = 100;
/** Pages a process holds at once, claimed and not yet being sent (waiting for their instant or a slot). */
const MAX_HELD = 5_000;
/** Platform calls in flight at once per process (as the job processor's concurrency). */
const IN_FLIGHT = 100;
/**
 * How often a dispatcher looks for pages falling due when the last look found all there was: every
 * 250 ms, or less often when a look is slow. A look walks every due post still scheduled, so while
 * thousands are being published it costs tens of milliseconds of Postgres (50 ms with 10,000 in
 * flight); waiting POLL_COST_FACTOR times as long as it took keeps looking under 5% of that time.
 */
const IDLE_POLL_MS = 250;
const MAX_POLL_MS = 2_000;
const POLL_COST_FACTOR = 20;
/** After a failed claim (Postgres away). */
const ERROR_PAUSE_MS = 2_000;
/** How often a dispatcher looks for workers whose heartbeat stopped (one read of a few rows). */
const LOST_CHECK_MS = 1_000;
/** Posts of lost workers one look takes on. */
const LOST_BATCH = 1_000;

export interface Dispatcher {
  /** Stops claiming, lets the pages being sent finish, hands the others back; resolves when done. */
  stop(): Promise<void>;
}

/** A claimed page's post as sending it needs it: the post's row, how many pages it has, its media. */
interface Prepared {
  post: Post;
  pageCount: number;
  media: PublishMedia[];
}

/** A place in the due-posts index's order: a due time (ISO, UTC, to the microsecond) and a post id. */
interface ClaimCursor {
  at: string;
  postId: string;
}
const FIRST_UUID = "00000000-0000-0000-0000-000000000000";
/** The ISO form `dueKey` has (statements.ts), so that the two compare as strings. */
const microsecondsIso = (date: Date) => date.toISOString().replace("Z", "000Z");
/** The later of two places (ISO strings of one width compare in time order, as lowercase uuids do as Postgres orders them). */
function laterCursor(a: ClaimCursor | undefined, b: ClaimCursor): ClaimCursor {
  if (!a) return b;
  return a.at > b.at || (a.at === b.at && a.postId > b.postId) ? a : b;
}

interface Claimed {
  target: PostTarget;
  held: HeldClaim;
  scheduleVersion: number;
  dueAt: Date;
}

export function startDispatcher(stopping: AbortSignal): Dispatcher {
  const held = new Map<string, Claimed>();
  const work = new Set<Promise<void>>();
  const platformCalls = lane(IN_FLIGHT);
  const track = (promise: Promise<void>) => {
    work.add(promise);
    void promise.finally(() => work.delete(promise));
  };

  /** Waits `ms`, or less when the worker starts shutting down. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stopping.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      stopping.addEventListener("abort", done, { once: true });
    });

  /**
   * Where the next claim starts: after the last post the previous claim took, while claims come
   * back full (a burst being claimed); from the lateness limit once one comes back short, so a page
   * skipped meanwhile (its post locked by an edit, handed back, taken back, or made due since
   * before the cursor) is found by the next look.
   */
  let cursor: ClaimCursor | undefined;

  async function claimDue(limit: number): Promise<Claimed[]> {
    const now = new Date();
    const from = laterCursor(cursor, {
      at: microsecondsIso(new Date(now.getTime() - env.PUBLISH_MAX_LATENESS_MINUTES * 60_000)),
      postId: FIRST_UUID,
    });
    const rows = await dispatchStatements().claimAhead.execute({
      now,
      dueBefore: new Date(now.getTime() + DISPATCH_LEAD_MS),
      afterAt: from.at,
      afterPostId: from.postId,
      limit,
      holder: claimHolder(),
    });
    cursor =
      rows.length < limit
        ? undefined
        : rows.map((row) => ({ at: row.dueKey, postId: row.postId })).reduce((a, b) => laterCursor(a, b));
    return rows.map(({ workspaceId, scheduleVersion, scheduledAt, dueKey: _dueKey, ...target }) => ({
      target,
      held: holdClaim(target, workspaceId),
      scheduleVersion,
      dueAt: scheduledAt ?? now,
    }));
  }

  /**
   * Reads each claimed page's post, how many pages it has and its media (one statement for all),
   * then fires each at its instant (the page with its account is read then, as it is then).
   */
  async function prepare(batch: Claimed[]): Promise<void> {
    const jobs = await Promise.all(batch.map((claimed) => loadPostToSend(claimed.target.postId)));
    batch.forEach((claimed, index) => {
      const loaded = jobs[index];
      const job: Prepared | undefined = loaded && {
        // The row as read, with its page count and media beside it: a copy without them (object rest)
        // cost 3% of a worker's time in the burst, and nothing reads a post's keys.
        post: loaded,
        pageCount: loaded.pageCount,
        media: loaded.media.map((item) => toPublishMedia(item.media)),
      };
      const fire = () =>
        platformCalls.run(() => {
          if (stopping.aborted) return Promise.resolve();
          const sending = send(claimed, job).catch((error: unknown) =>
            console.error(`[dispatch] target ${claimed.target.id} failed unexpectedly`, error),
          );
          track(sending);
          return sending;
        });
      // Never before the instant, by the wall clock the platform's time is compared with.
      const atInstant = () => {
        const wait = claimed.dueAt.getTime() - Date.now();
        if (wait <= 0) fire();
        else setTimeout(atInstant, wait);
      };
      atInstant();
    });
  }

  async function send(claimed: Claimed, job: Prepared | undefined): Promise<void> {
    held.delete(claimed.target.id);
    const { target, scheduleVersion } = claimed;
    // The claim held the post FOR SHARE on this schedule, so the post was there; gone since only
    // if it was deleted after (its pages with it).
    if (!job || job.post.scheduleVersion !== scheduleVersion) {
      claimed.held.release();
      return;
    }
    const { post, media, pageCount } = job;
    // A post of one page is published with its page, in one statement.
    if (pageCount === 1) claimed.held.settlePostWhenPublished(scheduleVersion);
    const published = await publishHeldTarget(post, target, media, claimed.held, undefined);
    if (published && pageCount === 1) return;
    // Its other pages and shares, one after another, and its status: as its job would.
    const { retryAt } = await runPublishJob(post.id, scheduleVersion, new Date(), stopping);
    if (retryAt) await publishNoLaterThan({ postId: post.id, scheduleVersion }, retryAt);
  }

  /** A page claimed but not sent, back to pending as the claim found it (the claim recorded no text). */
  async function handBack({ held: claim }: Claimed): Promise<void> {
    try {
      await claim.finish({
        status: "pending",
        attempts: sql`greatest(${postTargets.attempts} - 1, 0)`,
        publishingStartedAt: null,
      });
    } finally {
      // Not renewed any more either way: a page not handed back goes stale and is taken over.
      claim.release();
    }
  }

  async function loop(): Promise<void> {
    while (!stopping.aborted) {
      const room = Math.min(CLAIM_BATCH, MAX_HELD - held.size);
      // While the heartbeat has lapsed, a claim would be taken over at once (claim.ts, mayClaimNow).
      if (room <= 0 || !mayClaimNow()) {
        await pause(IDLE_POLL_MS);
        continue;
      }
      let batch: Claimed[];
      const started = performance.now();
      try {
        batch = await claimDue(room);
      } catch (error) {
        console.error("[dispatch] could not claim due pages", error);
        await pause(ERROR_PAUSE_MS);
        continue;
      }
      for (const claimed of batch) held.set(claimed.target.id, claimed);
      if (batch.length > 0)
        track(
          prepare(batch).catch(async (error: unknown) => {
            console.error("[dispatch] could not prepare claimed pages; handing them back", error);
            for (const claimed of batch) held.delete(claimed.target.id);
            await Promise.allSettled(batch.map(handBack));
          }),
        );
      const took = performance.now() - started;
      if (batch.length < room) await pause(Math.min(MAX_POLL_MS, Math.max(IDLE_POLL_MS, took * POLL_COST_FACTOR)));
    }
  }

  /** Posts being recovered here, so a look does not start one twice while it is still running. */
  const recovering = new Set<string>();

  async function recoverLost(): Promise<void> {
    if (!mayClaimNow()) return;
    const lost = (await lostStatements.lostWorkers()).map((row) => row.workerId);
    if (lost.length === 0) return;
    const latest = new Date(Date.now() - env.PUBLISH_MAX_LATENESS_MINUTES * 60_000);
    const due = (await lostStatements.postsHeldBy(lost, latest, LOST_BATCH)).filter((post) => !recovering.has(post.id));
    if (due.length === 0) {
      // Nothing of theirs left due: their rows go once they are a minute old (pages reserved ahead
      // are found when due, within that minute; the posts' jobs recover anything later).
      await lostStatements.forget(lost);
      return;
    }
    for (const { id, scheduleVersion } of due) {
      recovering.add(id);
      platformCalls.run(() => {
        const recovery = (async () => {
          if (stopping.aborted) return;
          const { retryAt } = await runPublishJob(id, scheduleVersion, new Date(), stopping);
          if (retryAt) await publishNoLaterThan({ postId: id, scheduleVersion }, retryAt);
        })()
          .catch((error: unknown) => console.error(`[dispatch] could not recover post ${id}`, error))
          .finally(() => recovering.delete(id));
        track(recovery);
        return recovery;
      });
    }
  }

  async function recoverLoop(): Promise<void> {
    while (!stopping.aborted) {
      await pause(LOST_CHECK_MS);
      if (stopping.aborted) break;
      await recoverLost().catch((error: unknown) =>
        console.error("[dispatch] could not look for a lost worker's pages", error),
      );
      await markApprovalsMissed().catch((error: unknown) =>
        console.error("[dispatch] could not mark posts that missed their approval", error),
      );
    }
  }

  const running = Promise.all([loop(), recoverLoop()]);
  return {
    async stop() {
      await running;
      // Claimed, not yet sent: back to pending. Fires still waiting on their timer now find `stopping`.
      const unsent = [...held.values()];
      held.clear();
      await Promise.all(
        unsent.map((claimed) =>
          handBack(claimed).catch((error: unknown) =>
            console.error(`[dispatch] could not hand back target ${claimed.target.id}`, error),
          ),
        ),
      );
      await Promise.allSettled([...work]);
    },
  };
}
