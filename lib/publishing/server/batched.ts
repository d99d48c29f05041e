import type { SocialAccount, SocialPage } from "@/db/schema";
import { coalesce, lane } from "@/lib/server/coalesce";
import { dispatchStatements } from "./dispatch-statements";
import { publishStatements } from "./statements";

/**
 * The publish path's statements, each shared by the jobs of this worker that reach it in the same
 * turn of the event loop (lib/server/coalesce.ts): at the instant many posts fall due, one
 * statement answers a whole batch of pages. Every row keeps its own conditions (a claim still only
 * takes a page that is due and whose post is on the job's schedule; a write while holding a claim
 * still names that claim), so what each caller gets is what its own statement would have given.
 * Batches go in id order (workspace order where a write bumps a workspace's counters), so two workers'
 * batches lock rows in the same order; a deadlock still possible between them costs a retry of
 * each call on its own (coalesce's fallback), never a wrong answer.
 *
 * They take turns in one lane: a worker has one of them at Postgres at a time, and the calls made
 * meanwhile wait for the next batch of their statement. Postgres's CPU per page grows with the
 * transactions open at once, not only with the rows: three workers sending each batch as soon as
 * its turn ended (20–30 statements at once) cost 0.85–1.1 ms of Postgres CPU a published page, one
 * batch per statement at a time 0.66–0.82 ms, and one lane 0.45–0.46 ms, at 1,310–1,320 pages/s
 * against 1,090–1,100 and about 750–950 (docs/benchmarks.md › publish-lag). The cost:
 * a batch waiting on a row lock (a post being edited or deleted in that instant) holds up the
 * worker's other statements until the lock is released; the app's transactions on posts are short.
 */
export const publishLane = lane(1);

const statements = publishStatements;
export const byId = <T>(ids: string[], rows: T[], idOf: (row: T) => string) => {
  const found = new Map(rows.map((row) => [idOf(row), row]));
  return ids.map((id) => found.get(id));
};
/**
 * A Postgres array literal of values that never need quoting in one (uuids, ISO times, integers;
 * null as NULL), for the batched statements' `::uuid[]`, `::timestamptz[]` and `::int[]` arrays.
 * node-postgres escapes every element of an array it is given (two regular expressions each, and
 * a Date formatted by hand): 5% of a worker's time at the instant 10,000 posts fell due, for ids
 * and times that contain nothing to escape. Texts still go as arrays (they can hold anything).
 */
export const plainArray = (values: readonly (string | number | Date | null)[]): string =>
  `{${values.map((value) => (value === null ? "NULL" : value instanceof Date ? value.toISOString() : value)).join(",")}}`;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Inputs in id order (the order their rows are locked in). */
export function sortedById<T extends { targetId: string }>(inputs: T[]): T[] {
  return [...inputs].sort((a, b) => compare(a.targetId, b.targetId));
}
/**
 * Writes that bump a workspace's counters (triggers on published pages and posts) in workspace order, so two
 * workers' batches take those counter rows in the same order too.
 */
function sortedByUser<T extends { workspaceId: string }>(inputs: T[], idOf: (input: T) => string): T[] {
  return [...inputs].sort((a, b) => compare(a.workspaceId, b.workspaceId) || compare(idOf(a), idOf(b)));
}

/** A publish job's post with its pages and media; undefined when the post is gone. */
export const loadJob = coalesce(
  async (postIds: string[]) => {
    const rows = await statements().jobs.execute({ postIds: plainArray(postIds) });
    return byId(postIds, rows, (row) => row.id);
  },
  (postId: string) => statements().job.execute({ postId }),
  { lane: publishLane },
);

/** A claimed page's post as the dispatcher sends it (dispatch-statements.ts); undefined when the post is gone. */
export const loadPostToSend = coalesce(
  async (postIds: string[]) => {
    const rows = await dispatchStatements().postsToSend.execute({ postIds: plainArray(postIds) });
    return byId(postIds, rows, (row) => row.id);
  },
  async (postId: string) => (await dispatchStatements().postsToSend.execute({ postIds: plainArray([postId]) }))[0],
  { lane: publishLane },
);

export interface PageWithAccount {
  page: SocialPage;
  account: SocialAccount;
}

/** A page with its account, as they are when its target is attempted; undefined when disconnected. */
export const pageWithAccount = coalesce<string, PageWithAccount | undefined>(
  async (pageIds: string[]) => {
    const rows = await statements().pagesWithAccounts.execute({ pageIds: plainArray(pageIds) });
    return byId(pageIds, rows, (row) => row.page.id);
  },
  async (pageId: string) => (await statements().pageWithAccount.execute({ pageId }))[0],
  { lane: publishLane },
);

/** A post's pages in `targetOrder` (settle.ts). */
export const targetsOfPost = coalesce(
  async (postIds: string[]) => {
    const rows = await statements().targetsOfPosts.execute({ postIds: plainArray(postIds) });
    return postIds.map((postId) => rows.filter((row) => row.postId === postId));
  },
  (postId: string) => statements().targets.execute({ postId }),
  { lane: publishLane },
);

interface HeldWrite {
  targetId: string;
  claimedAt: Date;
}

/**
 * The batched writes made while holding claims: `execute` writes the sorted batch, each row only
 * while its claim is still the caller's; each caller learns whether its row was written.
 */
async function writeHeldBatch<T extends HeldWrite>(
  writes: T[],
  sorted: T[],
  execute: (sorted: T[], now: Date) => Promise<{ id: string }[]>,
): Promise<boolean[]> {
  const written = new Set((await execute(sorted, new Date())).map((row) => row.id));
  return writes.map((write) => written.has(write.targetId));
}

/** Records the text about to be sent while the claim is still the caller's; false when it is not. */
export const recordSending = coalesce(
  (writes: (HeldWrite & { text: string })[]) =>
    writeHeldBatch(writes, sortedById(writes), (sorted, now) =>
      statements().recordSendings.execute({
        targetIds: plainArray(sorted.map((write) => write.targetId)),
        claimedAts: plainArray(sorted.map((write) => write.claimedAt)),
        texts: sorted.map((write) => write.text),
        now,
      }),
    ),
  async (write: HeldWrite & { text: string }) =>
    (await statements().recordSending.execute({ ...write, now: new Date() })).length > 0,
  { lane: publishLane },
);

interface Published extends HeldWrite {
  workspaceId: string;
  postId: string;
  platformPostId: string;
  url: string | null;
  /** The post's schedule, to publish the post too in the same statement (its only page); else null. */
  settlesPost: number | null;
}

/**
 * The page published under the platform's id, while the claim is still the caller's; with
 * `settlesPost`, its post published too where `markPostPublished` would publish it (statements.ts).
 */
export const finishPublished = coalesce(
  (writes: Published[]) =>
    writeHeldBatch(
      writes,
      sortedByUser(writes, (write) => write.targetId),
      (sorted, now) =>
        statements().finishesPublished.execute({
          targetIds: plainArray(sorted.map((write) => write.targetId)),
          claimedAts: plainArray(sorted.map((write) => write.claimedAt)),
          platformPostIds: sorted.map((write) => write.platformPostId),
          urls: sorted.map((write) => write.url),
          versions: plainArray(sorted.map((write) => write.settlesPost)),
          now,
        }),
    ),
  async ({ workspaceId: _, postId, settlesPost, ...write }: Published) => {
    const now = new Date();
    const written = (await statements().finishPublished.execute({ ...write, now })).length > 0;
    // Its own statement here, in this turn of the lane (markPostPublished would wait for the next).
    if (written && settlesPost !== null)
      await statements().postPublished.execute({ postId, scheduleVersion: settlesPost, now });
    return written;
  },
  { lane: publishLane },
);

interface PostPublished {
  workspaceId: string;
  postId: string;
  scheduleVersion: number;
}

/**
 * The post published at its last page's time, once every page of it is and while it is still on
 * the schedule the job was made for (settle.ts); false when it was not (a page still open, an edit
 * or a reschedule since).
 */
export const markPostPublished = coalesce(
  async (updates: PostPublished[]) => {
    const sorted = sortedByUser(updates, (update) => update.postId);
    const rows = await statements().postsPublished.execute({
      postIds: plainArray(sorted.map((update) => update.postId)),
      versions: plainArray(sorted.map((update) => update.scheduleVersion)),
      now: new Date(),
    });
    const published = new Set(rows.map((row) => row.id));
    return updates.map((update) => published.has(update.postId));
  },
  async ({ workspaceId: _, ...update }: PostPublished) =>
    (await statements().postPublished.execute({ ...update, now: new Date() })).length > 0,
  { lane: publishLane },
);
