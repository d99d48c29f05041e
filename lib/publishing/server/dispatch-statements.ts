import { asc, getTableColumns, sql } from "drizzle-orm";
import { db } from "@/db";
import { postMedia, posts, postTargets, workerHeartbeats } from "@/db/schema";
import { LOST_AFTER_SECONDS } from "@/lib/server/ops/heartbeat";
import { UNCERTAIN } from "@/lib/posts/server/target-states";
import { approvalGate } from "@/lib/approvals/server/gate";
import { now, value } from "./statements";

/**
 * The instant dispatcher's own statements (dispatcher.ts), prepared once per process as the publish
 * path's are (statements.ts): the claim of the pages falling due and the read of their posts.
 */

/**
 * The pages the dispatcher may claim ahead of their instant (dispatcher.ts): a post's first original
 * page that starts on this schedule (not attempted on it yet; no retry or video pending), while
 * no other original page of that post is being published, of a post still scheduled, due within the
 * lead and not missed by more than PUBLISH_MAX_LATENESS_MINUTES (reconcile.ts fails those: the
 * dispatcher's `afterAt` is never earlier than that limit), approved as it is if it needs approval
 * (lib/approvals/server/gate.ts; one waiting for approval at its time is marked missed, missed.ts).
 *
 * Earliest due first, in the order of the due-posts index (posts_scheduled_due_idx: due time, then
 * post id), and only after the post `(afterAt, afterPostId)`: the claim before it took every post
 * up to there (dispatcher.ts keeps that cursor while its claims come back full), and a post claimed
 * stays in the index until it is published, so starting from the beginning made each claim walk all
 * the posts claimed before it (claiming 10,000 due at one instant took 2.0 s of statements, 0.65 s
 * with the cursor; migration 0015). Ordering by the page's id instead made Postgres sort every due
 * page for each claim. `dueKey` is the post's due time to the microsecond, in UTC, as the next
 * claim's `afterAt`. The post row is locked FOR SHARE with the page (as `claim` does), and both are
 * skipped when locked: another worker claims those, an edit in progress goes first.
 */
const fresh = (t: string) =>
  sql.raw(`${t}.type = 'post' and ${t}.status = 'pending' and ${t}.attempts = 0 and ${t}.next_attempt_at is null
    and (${t}.error_code is null or ${t}.error_code = '${UNCERTAIN}') and ${t}.accepted_media_id is null
    and ${t}.page_id is not null`);
const claimableAhead = sql`(
  select t.id, p.workspace_id, p.schedule_version, p.scheduled_at,
    to_char(p.scheduled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as due_key
  from ${postTargets} t join ${posts} p on p.id = t.post_id
  where p.status = 'scheduled' and p.scheduled_at <= ${value("dueBefore")}::timestamptz
    and ${approvalGate("p")}
    and (p.scheduled_at, p.id) > (${value("afterAt")}::timestamptz, ${value("afterPostId")}::uuid)
    and ${fresh("t")}
    and not exists (
      select 1 from ${postTargets} o
      where o.post_id = t.post_id and o.type = 'post' and o.id <> t.id
        and (o.status = 'publishing'
          or (${fresh("o")} and (o.created_at, o.page_name, o.id) < (t.created_at, t.page_name, t.id))))
  order by p.scheduled_at, p.id
  limit ${value("limit")}
  for update of t skip locked
  for share of p skip locked
) as due`;

function prepareAll() {
  return {
    /**
     * Up to `limit` pages due before `dueBefore` claimed in one statement (claimableAhead), each with
     * its post's owner and schedule. Reserved, not yet sent: nothing is recorded as about to be sent
     * (`sent_at` null), so an edit before the instant may take the page back (post-lock.ts); the
     * engine records the text, while the claim is still the dispatcher's, just before sending. A
     * page in doubt keeps what its earlier attempt sent (the engine looks for exactly that first),
     * and so cannot be taken back.
     */
    claimAhead: db
      .update(postTargets)
      .set({
        status: "publishing",
        publishingStartedAt: now,
        claimedBy: sql`${value("holder")}::text`,
        updatedAt: now,
        attempts: sql`${postTargets.attempts} + 1`,
        sentText: sql`case when ${postTargets.errorCode} is null then null else ${postTargets.sentText} end`,
        sentAt: sql`case when ${postTargets.errorCode} is null then null else ${postTargets.sentAt} end`,
      })
      .from(claimableAhead)
      .where(sql`${postTargets.id} = due.id`)
      .returning({
        ...getTableColumns(postTargets),
        workspaceId: sql<string>`due.workspace_id`,
        scheduleVersion: sql<number>`due.schedule_version`,
        scheduledAt: sql`due.scheduled_at`.mapWith(posts.scheduledAt),
        dueKey: sql<string>`due.due_key`,
      })
      .prepare("publish_claim_ahead"),
    /**
     * Claimed pages' posts as the dispatcher sends them (dispatcher.ts): each post's row, how many
     * pages it has and its media, not the pages with their accounts `jobs` reads (the dispatcher
     * reads the page it sends at the instant; building every page and account as JSON here was
     * 150 µs of Postgres a post at the instant 10,000 fell due, docs/benchmarks.md).
     */
    postsToSend: db.query.posts
      .findMany({
        where: sql`${posts.id} = any(${value("postIds")}::uuid[])`,
        extras: {
          // The pages by alias: in extras Drizzle renders every column under the root table's name.
          pageCount: sql<number>`(select count(*)::int from post_targets t where t.post_id = ${posts.id})`.as(
            "page_count",
          ),
        },
        with: { media: { orderBy: asc(postMedia.position), with: { media: true } } },
      })
      .prepare("publish_posts_to_send"),
  };
}

const lostFor = (seconds: number) => sql.raw(`interval '${seconds} seconds'`);
/** Texts as one Postgres array literal, each quoted (drizzle would spread a JS array into a list). */
const textArray = (values: string[]) => `{${values.map((value) => JSON.stringify(value)).join(",")}}`;

/**
 * Finding a dead worker's pages soon after its heartbeat stops (dispatcher.ts, `recoverLost`): the
 * workers whose heartbeat is older than LOST_AFTER_SECONDS (a handful of rows), and only when there
 * are some, the due posts with a page one of them holds, along the due-posts index as the claim
 * walks it. A lost worker's row is removed once nothing of it is left for a minute.
 */
export const lostStatements = {
  lostWorkers: () =>
    db
      .select({ workerId: workerHeartbeats.workerId })
      .from(workerHeartbeats)
      .where(sql`${workerHeartbeats.lastSeenAt} < now() - ${lostFor(LOST_AFTER_SECONDS)}`),
  postsHeldBy: (workerIds: string[], latest: Date, limit: number) =>
    db
      .select({ id: posts.id, scheduleVersion: posts.scheduleVersion })
      .from(posts)
      .where(
        sql`${posts.status} = 'scheduled' and ${posts.scheduledAt} <= now() and ${posts.scheduledAt} >= ${latest}::timestamptz
          and exists (select 1 from ${postTargets} t where t.post_id = ${posts.id} and t.status = 'publishing'
            and t.claimed_by = any(${textArray(workerIds)}::text[]))`,
      )
      .limit(limit),
  forget: (workerIds: string[]) =>
    db
      .delete(workerHeartbeats)
      .where(
        sql`${workerHeartbeats.workerId} = any(${textArray(workerIds)}::text[]) and ${workerHeartbeats.lastSeenAt} < now() - interval '1 minute'`,
      ),
};

let prepared: ReturnType<typeof prepareAll> | undefined;

/** The prepared statements, made on first use. */
export const dispatchStatements = () => (prepared ??= prepareAll());
