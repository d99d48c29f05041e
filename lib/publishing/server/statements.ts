import { and, asc, eq, getTableColumns, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { postMedia, posts, postTargets, socialAccounts, socialPages, workerHeartbeats } from "@/db/schema";
import { LOST_AFTER_SECONDS } from "@/lib/server/ops/heartbeat";
import { targetOrder } from "@/lib/posts/server/queries";
import { IN_DOUBT, UNCERTAIN } from "@/lib/posts/server/target-states";
import { approvalGate } from "@/lib/approvals/server/gate";

/**
 * The statements every published page runs, prepared once per process (named, so each pool
 * connection parses and plans them once). Building drizzle's SQL anew for each call was the largest
 * part of a worker's CPU per page (a third of its busy time in a profile of bench/publish-lag), and
 * at the instant thousands of posts fall due that CPU is what decides how late they go out. The
 * SQL is the same as built per call; only the values are placeholders. Rarer statements (failures,
 * deferrals, shares) are still built where they are used.
 */

export const value = sql.placeholder;

/**
 * Every write names its time: a prepared update cannot use the columns' `$onUpdate` (drizzle would
 * compute it once, when the statement is prepared), so `updated_at` is set here explicitly.
 */
export const now = sql`${value("now")}::timestamptz`;

/** Who holds a claimed target: the WHERE of every write made while holding it (claim.ts). */
const stillHeld = and(
  eq(postTargets.id, value("targetId")),
  eq(postTargets.status, "publishing"),
  eq(postTargets.publishingStartedAt, value("claimedAt")),
);

/**
 * The claim also records the text about to be sent (`text`, null when the engine cannot tell it
 * before the claim), so the usual page needs no statement of its own before it goes out. Not over
 * what an attempt in doubt sent (the next attempt looks for exactly that, from then), nor for a
 * stale page (now in doubt), nor over a video the platform already holds (its processing is timed
 * from `sent_at`): those keep what they have, and the engine records the text itself where needed.
 */
const sendsAfresh = (text: SQL) =>
  sql`${text} is not null and ${postTargets.status} = 'pending' and ${postTargets.acceptedMediaId} is null and (${postTargets.errorCode} is null or ${postTargets.errorCode} not in (${sql.join(
    IN_DOUBT.map((code) => sql`${code}`),
    sql`, `,
  )}))`;

/** What a claim writes: the page is this worker's from now (`holder`: its heartbeat's id, or null). */
const claimValues = (text: SQL) => ({
  status: "publishing" as const,
  publishingStartedAt: now,
  claimedBy: sql`${value("holder")}::text`,
  updatedAt: now,
  attempts: sql`${postTargets.attempts} + 1`,
  // A stale 'publishing' target may have reached the platform: look before publishing again. Not one
  // whose claim recorded no text: every send is preceded by that record (claim.ts), so it never went
  // out (the dispatcher's pages reserved ahead of their instant, a worker that died before sending).
  errorCode: sql`case when ${postTargets.status} = 'publishing' and ${postTargets.sentAt} is not null then ${UNCERTAIN} else ${postTargets.errorCode} end`,
  sentText: sql`case when ${sendsAfresh(text)} then ${text} else ${postTargets.sentText} end`,
  sentAt: sql`case when ${sendsAfresh(text)} then ${now} else ${postTargets.sentAt} end`,
});

/**
 * A post published once every page of it is, at its last page's time (`postId` names the post row
 * being updated). Checked in the statement itself, so a page added by an edit since the job read
 * the post keeps it scheduled.
 */
const everyPagePublished = (postId: SQL) =>
  sql`not exists (select 1 from ${postTargets} where ${postTargets.postId} = ${postId} and ${postTargets.status} <> 'published')`;
const lastPagePublishedAt = (postId: SQL) =>
  sql`coalesce((select max(${postTargets.publishedAt}) from ${postTargets} where ${postTargets.postId} = ${postId}), ${now})`;

/**
 * The text about to be sent, recorded while the claim is held: the write before the request. Like
 * the claim and the outcome, a HOT update (no index of post_targets names a column it changes;
 * migration 0016). It names `updatedAt` itself: left out, Drizzle's `$onUpdate` fills it in,
 * computed once when the statement is prepared, and every recorded text would set the page's
 * `updated_at` to the moment the worker started.
 */
const recordedSending = (text: SQL) => ({ sentText: text, sentAt: now, updatedAt: now });

/**
 * A claim whose worker is lost: its heartbeat is older than LOST_AFTER_SECONDS, or gone, on the
 * database's clock (lib/server/ops/heartbeat.ts: such a worker has stopped sending by then).
 */
export const holderLost = sql`(${postTargets.claimedBy} is not null and not exists (select 1 from ${workerHeartbeats} w where w.worker_id = ${postTargets.claimedBy} and w.last_seen_at >= now() - ${sql.raw(`interval '${LOST_AFTER_SECONDS} seconds'`)}))`;

/**
 * Which pages may be claimed: pending and due, or publishing but stale: its worker's heartbeat
 * stopped, or the claim is older than PUBLISH_STALE_SECONDS (a holder without a heartbeat).
 */
const claimable = or(
  and(
    eq(postTargets.status, "pending"),
    or(isNull(postTargets.nextAttemptAt), lte(postTargets.nextAttemptAt, value("now"))),
  ),
  and(eq(postTargets.status, "publishing"), or(lt(postTargets.publishingStartedAt, value("staleBefore")), holderLost)),
);

/**
 * The rows a batched statement names, by key: `id = any(ids)` beside the join on `r`. Without it the
 * planner sized the join by the status filter alone, and a table analyzed while few pages were
 * publishing (any time but the instant thousands fall due) estimates one row 'publishing': it
 * scanned every page and compared each with every row of `r`. At the instant 10,000 posts fell due
 * that plan took 0.9–1.0 s a statement, a third of Postgres's time in the burst; by key it is 100
 * index lookups (docs/benchmarks.md › publish-lag).
 */
const namedTargets = sql`${postTargets.id} = any(${value("targetIds")}::uuid[])`;

/** The batched form of `stillHeld`: each row of `r` names a target and the claim it holds. */
const heldByRequest = and(
  namedTargets,
  sql`${postTargets.id} = r.target_id`,
  eq(postTargets.status, "publishing"),
  sql`${postTargets.publishingStartedAt} = r.claimed_at`,
);

/** A post that needs approval is claimed only as the version approved (lib/approvals/server/gate.ts). */
const postApproved = approvalGate('"posts"');

function prepareAll() {
  return {
    /**
     * A publish job's post with its pages (in `targetOrder`, each with its page and account as they
     * are now) and its media (in the post's order).
     */
    job: db.query.posts
      .findFirst({
        where: eq(posts.id, value("postId")),
        with: {
          targets: { orderBy: targetOrder, with: { page: { with: { account: true } } } },
          media: { orderBy: asc(postMedia.position), with: { media: true } },
        },
      })
      .prepare("publish_job"),
    targets: db
      .select()
      .from(postTargets)
      .where(eq(postTargets.postId, value("postId")))
      .orderBy(...targetOrder)
      .prepare("publish_targets"),
    pageWithAccount: db
      .select({ page: socialPages, account: socialAccounts })
      .from(socialPages)
      .innerJoin(socialAccounts, eq(socialAccounts.id, socialPages.socialAccountId))
      .where(eq(socialPages.id, value("pageId")))
      .prepare("publish_page_with_account"),
    /**
     * pending (due) → publishing, or a stale publishing → publishing, while the post is still on the
     * schedule the job was made for, and approved as it is if it needs approval (its row locked FOR
     * SHARE meanwhile: see claim.ts).
     */
    claim: db
      .update(postTargets)
      .set(claimValues(sql`${value("text")}::text`))
      .where(
        and(
          eq(postTargets.id, value("targetId")),
          sql`exists (select 1 from ${posts} where ${posts.id} = ${value("postId")} and ${posts.status} = 'scheduled' and ${posts.scheduleVersion} = ${value("scheduleVersion")} and ${postApproved} for share)`,
          claimable,
        ),
      )
      .returning()
      .prepare("publish_claim"),
    renewClaim: db
      .update(postTargets)
      .set({ publishingStartedAt: now, updatedAt: now })
      .where(stillHeld)
      .returning({ id: postTargets.id })
      .prepare("publish_renew_claim"),
    recordSending: db
      .update(postTargets)
      .set(recordedSending(sql`${value("text")}::text`))
      .where(stillHeld)
      .returning({ id: postTargets.id })
      .prepare("publish_record_sending"),
    finishPublished: db
      .update(postTargets)
      .set({
        status: "published",
        platformPostId: sql`${value("platformPostId")}::text`,
        platformPostUrl: sql`${value("url")}::text`,
        publishedAt: now,
        errorCode: null,
        errorMessage: null,
        updatedAt: now,
      })
      .where(stillHeld)
      .returning({ id: postTargets.id })
      .prepare("publish_finish_published"),
    /** The post published, while it is still on the schedule the job was made for (settle.ts). */
    postPublished: db
      .update(posts)
      .set({
        status: "published",
        publishedAt: lastPagePublishedAt(sql`${posts.id}`),
        failureReason: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(posts.id, value("postId")),
          eq(posts.status, "scheduled"),
          eq(posts.scheduleVersion, value("scheduleVersion")),
          everyPagePublished(sql`${posts.id}`),
        ),
      )
      .returning({ id: posts.id })
      .prepare("publish_post_published"),
    // The same statements for many pages or posts at once (batched.ts): arrays in, one row each out.
    jobs: db.query.posts
      .findMany({
        where: sql`${posts.id} = any(${value("postIds")}::uuid[])`,
        with: {
          targets: { orderBy: targetOrder, with: { page: { with: { account: true } } } },
          media: { orderBy: asc(postMedia.position), with: { media: true } },
        },
      })
      .prepare("publish_jobs"),
    pagesWithAccounts: db
      .select({ page: socialPages, account: socialAccounts })
      .from(socialPages)
      .innerJoin(socialAccounts, eq(socialAccounts.id, socialPages.socialAccountId))
      .where(sql`${socialPages.id} = any(${value("pageIds")}::uuid[])`)
      .prepare("publish_pages_with_accounts"),
    targetsOfPosts: db
      .select()
      .from(postTargets)
      .where(sql`${postTargets.postId} = any(${value("postIds")}::uuid[])`)
      .orderBy(...targetOrder)
      .prepare("publish_targets_of_posts"),
    claims: db
      .update(postTargets)
      .set(claimValues(sql`r.text`))
      .from(
        sql`unnest(${value("targetIds")}::uuid[], ${value("postIds")}::uuid[], ${value("versions")}::int[], ${value("texts")}::text[]) as r(target_id, post_id, version, text)`,
      )
      .where(
        and(
          namedTargets,
          sql`${postTargets.id} = r.target_id`,
          sql`exists (select 1 from ${posts} where ${posts.id} = r.post_id and ${posts.status} = 'scheduled' and ${posts.scheduleVersion} = r.version and ${postApproved} for share)`,
          claimable,
        ),
      )
      .returning(getTableColumns(postTargets))
      .prepare("publish_claims"),
    recordSendings: db
      .update(postTargets)
      .set(recordedSending(sql`r.text`))
      .from(
        sql`unnest(${value("targetIds")}::uuid[], ${value("claimedAts")}::timestamptz[], ${value("texts")}::text[]) as r(target_id, claimed_at, text)`,
      )
      .where(heldByRequest)
      .returning({ id: postTargets.id })
      .prepare("publish_record_sendings"),
    finishesPublished: finishesPublished(),
    postsPublished: db
      .update(posts)
      .set({
        status: "published",
        publishedAt: lastPagePublishedAt(sql`r.post_id`),
        failureReason: null,
        updatedAt: now,
      })
      .from(sql`unnest(${value("postIds")}::uuid[], ${value("versions")}::int[]) as r(post_id, version)`)
      .where(
        and(
          sql`${posts.id} = any(${value("postIds")}::uuid[])`,
          sql`${posts.id} = r.post_id`,
          eq(posts.status, "scheduled"),
          sql`${posts.scheduleVersion} = r.version`,
          everyPagePublished(sql`r.post_id`),
        ),
      )
      .returning({ id: posts.id })
      .prepare("publish_posts_published"),
  };
}

/**
 * Pages published under the platform's ids, each while its claim is still the caller's, and in the
 * same statement the posts of those that name their post's schedule (`versions`, null for the
 * others): each such post published as `postPublished` would, right after, publish it. The
 * dispatcher names it for a post of one page (dispatcher.ts), which then takes one statement, one
 * commit, in place of two. The post's other pages are read as they were when the statement began,
 * so the page published here is left out of that look.
 */
function finishesPublished() {
  const finished = db.$with("finished").as(
    db
      .update(postTargets)
      .set({
        status: "published",
        platformPostId: sql`r.platform_post_id`,
        platformPostUrl: sql`r.url`,
        publishedAt: now,
        errorCode: null,
        errorMessage: null,
        updatedAt: now,
      })
      .from(
        sql`unnest(${value("targetIds")}::uuid[], ${value("claimedAts")}::timestamptz[], ${value("platformPostIds")}::text[], ${value("urls")}::text[], ${value("versions")}::int[]) as r(target_id, claimed_at, platform_post_id, url, version)`,
      )
      .where(heldByRequest)
      .returning({
        id: postTargets.id,
        postId: sql<string>`${postTargets.postId}`.as("finished_post_id"),
        version: sql<number | null>`r.version`.as("finished_version"),
      }),
  );
  const otherPages = sql`${postTargets} o where o.post_id = ${posts.id} and o.id <> ${finished.id}`;
  const settled = db.$with("settled").as(
    db
      .update(posts)
      .set({
        status: "published",
        publishedAt: sql`greatest(${now}, (select max(o.published_at) from ${otherPages}))`,
        failureReason: null,
        updatedAt: now,
      })
      .from(finished)
      .where(
        and(
          sql`${posts.id} = ${finished.postId}`,
          eq(posts.status, "scheduled"),
          sql`${posts.scheduleVersion} = ${finished.version}`,
          sql`not exists (select 1 from ${otherPages} and o.status <> 'published')`,
        ),
      )
      .returning({ id: posts.id }),
  );
  return db.with(finished, settled).select({ id: finished.id }).from(finished).prepare("publish_finishes_published");
}

let prepared: ReturnType<typeof prepareAll> | undefined;

/** The prepared statements, made on first use. */
export const publishStatements = () => (prepared ??= prepareAll());
