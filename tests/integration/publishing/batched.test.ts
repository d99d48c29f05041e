import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts, postTargets } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import { appInProcess } from "../../fixtures/app-in-process";
import { connectFacebook, uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";

/**
 * The publish path answers the jobs that reach a step together with one statement
 * (lib/publishing/server/batched.ts). Each batched statement is held here to what its single form
 * does for every row: the batch is called directly, so a broken batch cannot hide behind the
 * one-by-one fallback.
 */

// The engine's modules run in this process, on the run's database.
appInProcess();

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

async function world() {
  const { client, user } = await registeredClient();
  const { account } = await connectFacebook(client, (ids) => ids.slice(0, 2));
  const page = account.pages[0]!;
  /** A scheduled post with one target on the page, in the given state. */
  const post = async (target: Partial<typeof postTargets.$inferInsert> = {}) => {
    const [row] = await testDb()
      .insert(posts)
      .values({
        workspaceId: user.id,
        content: `Batched ${uid()}`,
        status: "scheduled",
        scheduledAt: minutesFromNow(120),
      })
      .returning();
    const [targetRow] = await testDb()
      .insert(postTargets)
      .values({ postId: row!.id, pageId: page.id, platform: "facebook", pageName: page.name, ...target })
      .returning();
    return { post: row!, target: targetRow! };
  };
  return { user, page, post };
}

describe("the publish path's batched statements", () => {
  it("claim each page as its own claim would: due or stale only, on the job's schedule only", async () => {
    const { post } = await world();
    const due = await post();
    const notDue = await post({ nextAttemptAt: minutesFromNow(5) });
    const rescheduled = await post();
    const stale = await post({
      status: "publishing",
      publishingStartedAt: minutesFromNow(-10),
      sentText: "sent before its worker died",
      sentAt: minutesFromNow(-10),
    });
    const held = await post({ status: "publishing", publishingStartedAt: new Date() });
    // Its worker died before recording anything as about to be sent: it never went out.
    const staleUnsent = await post({ status: "publishing", publishingStartedAt: minutesFromNow(-10) });
    const { claimTarget } = await import("@/lib/publishing/server/claim");

    const asked = [due, notDue, rescheduled, stale, held, staleUnsent].map(({ post: row, target }) => ({
      targetId: target.id,
      postId: row.id,
      scheduleVersion: row === rescheduled.post ? row.scheduleVersion + 1 : row.scheduleVersion,
      text: null,
    }));
    const answers = await claimTarget.many(asked);

    expect(answers.map((answer) => answer?.id ?? null)).toEqual([
      due.target.id,
      null,
      null,
      stale.target.id,
      null,
      staleUnsent.target.id,
    ]);
    expect(answers[0]).toMatchObject({ status: "publishing", attempts: 1, errorCode: null });
    // A stale claim that recorded a send may have reached the platform: the next attempt looks first.
    expect(answers[3]).toMatchObject({ status: "publishing", attempts: 1, errorCode: "uncertain" });
    // One that recorded none never sent anything: taken over as it was, nothing to look up.
    expect(answers[5]).toMatchObject({ status: "publishing", attempts: 1, errorCode: null });
    expect(answers[0]!.publishingStartedAt).toBeInstanceOf(Date);
    const rows = await testDb()
      .select()
      .from(postTargets)
      .where(inArray(postTargets.id, [notDue.target.id, rescheduled.target.id, held.target.id]));
    expect(rows.map((row) => row.status).sort()).toEqual(["pending", "pending", "publishing"]);
    // One page asked for twice (an old and a new job of one post) is not batched: each goes on its own.
    await expect(claimTarget.many([asked[1]!, asked[1]!])).rejects.toThrow(/twice/);
  });

  it("record the text about to be sent with the claim only where the page starts afresh", async () => {
    const { post } = await world();
    const earlier = minutesFromNow(-30);
    const earlierText = { sentText: "what the earlier attempt sent", sentAt: earlier };
    const afresh = await post();
    const afterRateLimit = await post({ errorCode: "rate_limited", ...earlierText });
    const uncertain = await post({ errorCode: "uncertain", ...earlierText });
    const stale = await post({ status: "publishing", publishingStartedAt: minutesFromNow(-10), ...earlierText });
    const video = await post({ acceptedMediaId: "video-1", errorCode: "processing", ...earlierText });
    const unknownText = await post();
    const { claimTarget, sentWithClaim } = await import("@/lib/publishing/server/claim");
    const text = `Claimed "with" {its}, text\n ${uid()}`;

    const cases = [afresh, afterRateLimit, uncertain, stale, video, unknownText];
    const ask = (index: number) => ({
      targetId: cases[index]!.target.id,
      postId: cases[index]!.post.id,
      scheduleVersion: cases[index]!.post.scheduleVersion,
      text: cases[index] === unknownText ? null : text,
    });
    const batched = await claimTarget.many([0, 1, 2, 3].map(ask));
    // The single form (a turn with one claim) does the same.
    const alone = [await claimTarget(ask(4)), await claimTarget(ask(5))];
    const claimed = [...batched, ...alone].map((row) => row!);

    expect(claimed.map((row) => sentWithClaim(row, text))).toEqual([true, true, false, false, false, false]);
    expect(claimed[0]).toMatchObject({ sentText: text, sentAt: claimed[0]!.publishingStartedAt });
    expect(claimed[1]).toMatchObject({ sentText: text, sentAt: claimed[1]!.publishingStartedAt });
    // What an attempt in doubt sent is kept: the next attempt looks for exactly that, from then.
    for (const row of claimed.slice(2, 5)) expect(row).toMatchObject(earlierText);
    expect(claimed[5]).toMatchObject({ sentText: null, sentAt: null });
  });

  it("write the text about to be sent and the outcome only under the caller's claim", async () => {
    const { post, user } = await world();
    const claimedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const mine = await post({ status: "publishing", publishingStartedAt: claimedAt });
    const alsoMine = await post({ status: "publishing", publishingStartedAt: claimedAt });
    const takenOver = await post({ status: "publishing", publishingStartedAt: new Date(claimedAt.getTime() + 5) });
    const { recordSending, finishPublished } = await import("@/lib/publishing/server/batched");
    // Everything an array literal could trip on.
    const text = `Quotes " and ', a comma, {braces}, a back\\slash, NULL, a line\nbreak and émojis 🎉 ${uid()}`;

    const sent = await recordSending.many([
      { targetId: mine.target.id, claimedAt, text },
      { targetId: takenOver.target.id, claimedAt, text: "never written" },
      { targetId: alsoMine.target.id, claimedAt, text: "" },
    ]);
    expect(sent).toEqual([true, false, true]);
    const write = (held: typeof mine, platformPostId: string, url: string | null) => ({
      targetId: held.target.id,
      postId: held.post.id,
      workspaceId: user.id,
      claimedAt,
      platformPostId,
      url,
      settlesPost: null,
    });
    const published = await finishPublished.many([
      write(takenOver, "nope", null),
      write(mine, "1_2", "https://facebook.com/1_2"),
      write(alsoMine, "3_4", null),
    ]);
    expect(published).toEqual([false, true, true]);

    const byId = new Map(
      (
        await testDb()
          .select()
          .from(postTargets)
          .where(inArray(postTargets.id, [mine.target.id, alsoMine.target.id, takenOver.target.id]))
      ).map((row) => [row.id, row]),
    );
    expect(byId.get(mine.target.id)).toMatchObject({
      sentText: text,
      status: "published",
      platformPostId: "1_2",
      platformPostUrl: "https://facebook.com/1_2",
      errorCode: null,
    });
    expect(byId.get(alsoMine.target.id)).toMatchObject({ sentText: "", platformPostId: "3_4", platformPostUrl: null });
    expect(byId.get(takenOver.target.id)).toMatchObject({ status: "publishing", sentText: null, platformPostId: null });
  });

  it("publish a page's post with it where the caller asks and the post has no other page still open", async () => {
    const { post, page, user } = await world();
    const claimedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const held = { status: "publishing" as const, publishingStartedAt: claimedAt };
    const only = await post(held);
    const rescheduled = await post(held);
    const takenOver = await post({ ...held, publishingStartedAt: new Date(claimedAt.getTime() + 5) });
    const notAsked = await post(held);
    const withAnother = await post(held);
    const earlier = new Date(claimedAt.getTime() + 3_600_000);
    const withPublished = await post(held);
    const alone = await post(held);
    // A second page of the same post: one still pending, one published an hour from now.
    const second = (of: typeof only, values: Partial<typeof postTargets.$inferInsert>) =>
      testDb()
        .insert(postTargets)
        .values({
          postId: of.post.id,
          pageId: page.id,
          type: "share",
          platform: "facebook",
          pageName: page.name,
          ...values,
        });
    await second(withAnother, {});
    await second(withPublished, { status: "published", platformPostId: "9_9", publishedAt: earlier });
    const { finishPublished } = await import("@/lib/publishing/server/batched");
    const write = (held: typeof only, settlesPost: number | null) => ({
      targetId: held.target.id,
      postId: held.post.id,
      workspaceId: user.id,
      claimedAt,
      platformPostId: `p_${uid()}`,
      url: null,
      settlesPost,
    });

    const batch = [only, takenOver, notAsked, withAnother, withPublished].map((held) =>
      write(held, held === notAsked ? null : held.post.scheduleVersion),
    );
    batch.push(write(rescheduled, rescheduled.post.scheduleVersion + 1));
    expect(await finishPublished.many(batch)).toEqual([true, false, true, true, true, true]);
    // The single form (a turn with one write) does the same.
    expect(await finishPublished(write(alone, alone.post.scheduleVersion))).toBe(true);

    const rows = await testDb()
      .select()
      .from(posts)
      .where(
        inArray(
          posts.id,
          [only, takenOver, notAsked, withAnother, withPublished, rescheduled, alone].map((held) => held.post.id),
        ),
      );
    const postOf = (held: typeof only) => rows.find((row) => row.id === held.post.id)!;
    const targets = await testDb()
      .select()
      .from(postTargets)
      .where(inArray(postTargets.id, [only.target.id, alone.target.id]));
    const publishedAt = (held: typeof only) => targets.find((row) => row.id === held.target.id)!.publishedAt;
    expect(postOf(only)).toMatchObject({ status: "published", publishedAt: publishedAt(only), failureReason: null });
    expect(postOf(alone)).toMatchObject({ status: "published", publishedAt: publishedAt(alone) });
    // Its other page was published later: the post at its last page's time.
    expect(postOf(withPublished)).toMatchObject({ status: "published", publishedAt: earlier });
    for (const held of [takenOver, notAsked, withAnother, rescheduled])
      expect(postOf(held), held === takenOver ? "taken over" : "not to be published").toMatchObject({
        status: "scheduled",
        publishedAt: null,
      });
  });

  it("read jobs, pages and settled targets for each caller, and publish only posts still on their schedule", async () => {
    const { post, page, user } = await world();
    const first = await post();
    const second = await post({ status: "published", platformPostId: "5_6", publishedAt: new Date() });
    const { loadJob, loadPostToSend, pageWithAccount, targetsOfPost, markPostPublished } =
      await import("@/lib/publishing/server/batched");
    const missing = "00000000-0000-4000-8000-000000000000";

    const toSend = await loadPostToSend.many([first.post.id, missing]);
    expect(toSend[0]).toMatchObject({ id: first.post.id, scheduleVersion: first.post.scheduleVersion, pageCount: 1 });
    expect(toSend[0]!.media).toEqual([]);
    expect(toSend[1]).toBeUndefined();
    const jobs = await loadJob.many([second.post.id, missing, first.post.id]);
    expect(jobs.map((job) => job?.id)).toEqual([second.post.id, undefined, first.post.id]);
    expect(jobs[2]!.targets.map((target) => target.id)).toEqual([first.target.id]);
    // Each page comes with its page and account, as the engine's first read of them.
    expect(jobs[2]!.targets[0]!.page).toMatchObject({ id: page.id, account: { platform: "facebook" } });
    expect(jobs[2]!.media).toEqual([]);
    const pages = await pageWithAccount.many([page.id, missing]);
    expect(pages[0]).toMatchObject({ page: { id: page.id }, account: { platform: "facebook" } });
    expect(pages[1]).toBeUndefined();
    const targets = await targetsOfPost.many([first.post.id, second.post.id, missing]);
    expect(targets.map((rows) => rows.map((row) => row.id))).toEqual([[first.target.id], [second.target.id], []]);

    const answers = await markPostPublished.many([
      { workspaceId: user.id, postId: first.post.id, scheduleVersion: first.post.scheduleVersion + 1 },
      { workspaceId: user.id, postId: second.post.id, scheduleVersion: second.post.scheduleVersion },
      { workspaceId: user.id, postId: first.post.id, scheduleVersion: first.post.scheduleVersion },
    ]);
    // The first is on a newer schedule, and its page is still pending: it stays scheduled either way.
    expect(answers).toEqual([false, true, false]);
    const [firstAfter] = await testDb().select().from(posts).where(eq(posts.id, first.post.id));
    const [secondAfter] = await testDb().select().from(posts).where(eq(posts.id, second.post.id));
    expect(firstAfter).toMatchObject({ status: "scheduled", publishedAt: null });
    // Published at its last page's time.
    expect(secondAfter).toMatchObject({
      status: "published",
      publishedAt: second.target.publishedAt,
      failureReason: null,
    });
  });

  it("publish a post only once every page of it is, at the last page's time, batched or alone", async () => {
    const { post, page, user } = await world();
    const { markPostPublished } = await import("@/lib/publishing/server/batched");
    const at = (minutes: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 + minutes * 60_000);
    const published = (minutes: number) => ({
      postId: "",
      pageId: page.id,
      platform: "facebook" as const,
      pageName: page.name,
      status: "published" as const,
      publishedAt: at(minutes),
    });
    // Two posts of two pages each: one with both published, one with a page still pending.
    const whole = await post({ status: "published", publishedAt: at(-3) });
    const partial = await post({ status: "published", publishedAt: at(-3) });
    await testDb()
      .insert(postTargets)
      .values([
        { ...published(-1), postId: whole.post.id, type: "share" },
        { ...published(-2), postId: partial.post.id, type: "share", status: "pending", publishedAt: null },
      ]);
    const single = await post({ status: "published", publishedAt: at(-5) });

    const answers = await markPostPublished.many([
      { workspaceId: user.id, postId: partial.post.id, scheduleVersion: partial.post.scheduleVersion },
      { workspaceId: user.id, postId: whole.post.id, scheduleVersion: whole.post.scheduleVersion },
    ]);
    const alone = await markPostPublished({
      workspaceId: user.id,
      postId: single.post.id,
      scheduleVersion: single.post.scheduleVersion,
    });

    expect([...answers, alone]).toEqual([false, true, true]);
    const rows = await testDb()
      .select()
      .from(posts)
      .where(inArray(posts.id, [whole.post.id, partial.post.id, single.post.id]));
    const byPost = new Map(rows.map((row) => [row.id, row]));
    expect(byPost.get(whole.post.id)).toMatchObject({ status: "published", publishedAt: at(-1) });
    expect(byPost.get(partial.post.id)).toMatchObject({ status: "scheduled", publishedAt: null });
    expect(byPost.get(single.post.id)).toMatchObject({ status: "published", publishedAt: at(-5) });
  });
});
