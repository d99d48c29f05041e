import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { notifications, postApprovals, posts, postTargets } from "@/db/schema";
import type { PostDto } from "@/lib/posts/schemas";
import { ApiClient } from "../../fixtures/api-client";
import { appInProcess } from "../../fixtures/app-in-process";
import { waitForMail } from "../../fixtures/mail";
import { platformPosts, until } from "../../fixtures/publishing";
import { uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { ownerWithPageAndMembers } from "../../fixtures/team";
import { testStack } from "../../fixtures/test-stack";

/**
 * Approvals bound to the exact version (decision 0060), through the API with the run's worker: a
 * post that needs approval goes out only as the version approved, any change puts it back in
 * review, and one still waiting at its time fails with 'Approval missed', its people told.
 */

appInProcess();

const team = ownerWithPageAndMembers;

async function draft(client: ApiClient, page: { id: string }, content: string): Promise<string> {
  const made = await client.post("/api/social/posts", {
    pages: [{ type: "post", pageId: page.id, platform: "facebook" }],
    content,
  });
  expect(made.status, made.text).toBe(201);
  return (made.body.post as PostDto).id;
}

const postOf = async (postId: string) => (await testDb().select().from(posts).where(eq(posts.id, postId)))[0]!;
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);
const onPlatform = async (pageId: string, text: string) =>
  (await platformPosts(pageId)).filter((post) => post.text === text).length;

async function submit(client: ApiClient, postId: string, at: Date) {
  const response = await client.post(`/api/post/${postId}/submit`, { scheduledAt: at.toISOString() });
  expect(response.status, response.text).toBe(200);
  return response.body.post as PostDto;
}

async function approve(client: ApiClient, postId: string) {
  const response = await client.post(`/api/post/${postId}/approve`, {});
  expect(response.status, response.text).toBe(200);
  return response.body.post as PostDto;
}

describe("approvals", () => {
  it("'Posts need approval': owners turn it on and off; on, an editor's scheduled post waits in review", async () => {
    const { owner, workspaceId, page, members } = await team("editor", "contributor");
    const path = `/api/workspaces/${workspaceId}/approvals`;
    expect((await owner.client.get(path)).body.data).toEqual({ postsNeedApproval: false });
    const refused = await members.editor.client.request("PATCH", path, { json: { postsNeedApproval: true } });
    expect(refused.status).toBe(403);

    const turnedOn = await owner.client.request("PATCH", path, { json: { postsNeedApproval: true } });
    expect(turnedOn.status, turnedOn.text).toBe(200);
    expect((await members.contributor.client.get(path)).body.data).toEqual({ postsNeedApproval: true });
    const waiting = await draft(members.editor.client, page, `Needs a look ${uid()}`);
    const scheduled = await members.editor.client.put(`/api/post/${waiting}`, {
      scheduledAt: inSeconds(3600).toISOString(),
      status: "scheduled",
    });
    expect(scheduled.status, scheduled.text).toBe(200);
    expect((scheduled.body.post as PostDto).approvalState).toBe("in_review");
    // Publishing now would change the time approved: refused while approval is needed.
    const now = await members.editor.client.post(`/api/post/${waiting}/publish`, {});
    expect(now.status).toBe(409);
    expect(now.body.code).toBe("approval_required");

    const turnedOff = await owner.client.request("PATCH", path, { json: { postsNeedApproval: false } });
    expect(turnedOff.status).toBe(200);
    const free = await draft(members.editor.client, page, `No look needed ${uid()}`);
    const freeScheduled = await members.editor.client.put(`/api/post/${free}`, {
      scheduledAt: inSeconds(3600).toISOString(),
      status: "scheduled",
    });
    expect((freeScheduled.body.post as PostDto).approvalState).toBeNull();
  });

  it("a contributor's post always needs approval, even scheduled by an editor with the setting off", async () => {
    const { page, members } = await team("editor", "contributor");
    const postId = await draft(members.contributor.client, page, `Contributed ${uid()}`);
    const scheduled = await members.editor.client.put(`/api/post/${postId}`, {
      scheduledAt: inSeconds(3600).toISOString(),
      status: "scheduled",
    });
    expect(scheduled.status, scheduled.text).toBe(200);
    expect((scheduled.body.post as PostDto).approvalState).toBe("in_review");
  });

  it("viewers and contributors are refused what their role does not allow, and a refused request writes nothing", async () => {
    const { owner, page, members } = await team("contributor", "viewer");
    const postId = await draft(members.contributor.client, page, `Refusals ${uid()}`);
    expect((await members.viewer.client.post(`/api/post/${postId}/submit`, {})).status).toBe(403);
    const scheduling = await members.contributor.client.put(`/api/post/${postId}`, {
      scheduledAt: inSeconds(3600).toISOString(),
      status: "scheduled",
    });
    expect(scheduling.status).toBe(403);
    await submit(members.contributor.client, postId, inSeconds(3600));
    expect((await members.contributor.client.post(`/api/post/${postId}/approve`, {})).status).toBe(403);
    expect((await members.viewer.client.post(`/api/post/${postId}/approve`, {})).status).toBe(403);
    const noComment = await owner.client.post(`/api/post/${postId}/request-changes`, { comment: "  " });
    expect(noComment.status).toBe(400);
    expect(noComment.body.error).toBe("Say what should change");
    expect((await postOf(postId)).approvalState).toBe("in_review");
    expect(await testDb().select().from(postApprovals).where(eq(postApprovals.postId, postId))).toEqual([]);
  });

  it("submitted, approved, the post goes out at its time, once", { timeout: 60_000 }, async () => {
    const { owner, page, fbPageId, members } = await team("contributor");
    const content = `Approved and out ${uid()}`;
    const postId = await draft(members.contributor.client, page, content);
    const at = inSeconds(8);
    expect((await submit(members.contributor.client, postId, at)).approvalState).toBe("in_review");
    expect((await approve(owner.client, postId)).approvalState).toBe("approved");
    await until(async () => (await postOf(postId)).status === "published", 30_000, "the post to be published");
    expect(await onPlatform(fbPageId, content)).toBe(1);
    const [decision] = await testDb().select().from(postApprovals).where(eq(postApprovals.postId, postId));
    expect(decision).toMatchObject({ decision: "approved", decidedBy: owner.user.id });
    expect(decision!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    // The approval mailed to the contributor.
    const [mail] = await waitForMail(testStack().sandboxUrl, members.contributor.email);
    expect(mail!.subject).toBe("Your post was approved");
  });

  it(
    "an approved post edited (PUT) or rescheduled goes back to review and is not published: 'Approval missed'",
    { timeout: 60_000 },
    async () => {
      const { owner, page, fbPageId, members } = await team("contributor");
      const edited = await draft(members.contributor.client, page, `Edited after approval ${uid()}`);
      const moved = await draft(members.contributor.client, page, `Moved after approval ${uid()}`);
      await submit(members.contributor.client, edited, inSeconds(8));
      await submit(members.contributor.client, moved, inSeconds(3600));
      await approve(owner.client, edited);
      await approve(owner.client, moved);

      const newText = `Changed after approval ${uid()}`;
      const put = await members.contributor.client.put(`/api/post/${edited}`, { content: newText });
      expect(put.status, put.text).toBe(200);
      expect((put.body.post as PostDto).approvalState).toBe("in_review");
      // What dragging it on the calendar sends, by an editor: its approved time was part of what was approved.
      const drag = await owner.client.put(`/api/post/${moved}`, { scheduledAt: inSeconds(7).toISOString() });
      expect(drag.status, drag.text).toBe(200);
      expect((drag.body.post as PostDto).approvalState).toBe("in_review");
      // Told: the approver of the contributor's change, the author of the owner's; nobody of their own.
      const told = async (userId: string) =>
        (await testDb().select().from(notifications).where(eq(notifications.userId, userId)))
          .filter((notice) => notice.kind === "back_in_review")
          .map((notice) => notice.postId);
      expect(await told(owner.user.id)).toEqual([edited]);
      expect(await told(members.contributor.user.id)).toEqual([moved]);
      const mails = await waitForMail(testStack().sandboxUrl, owner.email);
      expect(mails.map((mail) => mail.subject)).toContain("An approved post changed and waits for approval again");

      for (const postId of [edited, moved])
        await until(async () => (await postOf(postId)).status === "failed", 30_000, "the post to miss its approval");
      for (const postId of [edited, moved]) expect((await postOf(postId)).failureReason).toBe("Approval missed");
      expect(await onPlatform(fbPageId, newText)).toBe(0);
      const sent = await testDb().select().from(postTargets).where(eq(postTargets.postId, edited));
      expect(sent.map((target) => [target.status, target.sentAt])).toEqual([["pending", null]]);
    },
  );

  it(
    "a post still in review at its time fails with 'Approval missed', its author and approvers told by e-mail and in the app",
    { timeout: 60_000 },
    async () => {
      const { owner, page, members } = await team("contributor", "editor", "viewer");
      const postId = await draft(members.contributor.client, page, `Nobody looked ${uid()}`);
      await submit(members.contributor.client, postId, inSeconds(6));
      await until(async () => (await postOf(postId)).status === "failed", 30_000, "the post to miss its approval");
      expect((await postOf(postId)).failureReason).toBe("Approval missed");

      const listed = await members.contributor.client.get(`/api/post/${postId}`);
      expect(listed.body.post).toMatchObject({ status: "failed", failureReason: "Approval missed" });
      for (const person of [members.contributor, owner, members.editor]) {
        const mails = await waitForMail(testStack().sandboxUrl, person.email);
        expect(mails.map((mail) => mail.subject)).toContain("A post missed its approval");
      }
      const told = await testDb()
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.postId, postId), eq(notifications.kind, "approval_missed")));
      expect(told.map((row) => row.userId).sort()).toEqual(
        [members.contributor.user.id, owner.user.id, members.editor.user.id].sort(),
      );
      const bell = await members.contributor.client.get("/api/notifications");
      expect(bell.status).toBe(200);
      const data = bell.body.data as { notifications: { kind: string; postId: string }[]; unread: number };
      expect(data.unread).toBe(1);
      expect(data.notifications[0]).toMatchObject({ kind: "approval_missed", postId });
      expect((await members.contributor.client.post("/api/notifications/read", {})).status).toBe(200);
      expect(
        ((await members.contributor.client.get("/api/notifications")).body.data as { unread: number }).unread,
      ).toBe(0);
    },
  );

  it("changes requested: the author is told, with the comment, by e-mail and in the app", async () => {
    const { owner, page, members } = await team("contributor");
    const postId = await draft(members.contributor.client, page, `Needs work ${uid()}`);
    await submit(members.contributor.client, postId, inSeconds(3600));
    const asked = await owner.client.post(`/api/post/${postId}/request-changes`, { comment: "Shorter, please." });
    expect(asked.status, asked.text).toBe(200);
    expect((asked.body.post as PostDto).approvalState).toBe("changes_requested");
    const [mail] = await waitForMail(testStack().sandboxUrl, members.contributor.email);
    expect(mail!.subject).toBe("Changes requested to your post");
    expect(mail!.text).toContain("Shorter, please.");
    const [row] = await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.postId, postId), eq(notifications.userId, members.contributor.user.id)));
    expect(row).toMatchObject({ kind: "changes_requested" });
    expect(row!.text).toContain("Shorter, please.");
    // Approving needs it in review again: submitted anew once changed.
    expect((await owner.client.post(`/api/post/${postId}/approve`, {})).status).toBe(409);
  });

  it("the version's hash moves with everything that goes out, and with nothing else", async () => {
    const { owner, page } = await team();
    const postId = await draft(owner.client, page, `Hashed ${uid()}`);
    const hash = async () =>
      (await testDb().execute<{ h: string }>(sql`select post_content_hash(${postId}::uuid) as h`)).rows[0]!.h;
    const seen = [await hash()];
    const changes = [
      sql`update posts set content = content || '!' where id = ${postId}`,
      sql`update posts set title = 'A title' where id = ${postId}`,
      sql`update posts set share_content = 'Look' where id = ${postId}`,
      sql`update posts set use_ai_share_message = true where id = ${postId}`,
      sql`update posts set summarize_for_twitter = true where id = ${postId}`,
      sql`update posts set scheduled_at = now() + interval '1 day' where id = ${postId}`,
      sql`update posts set scheduled_at = scheduled_at + interval '1 microsecond' where id = ${postId}`,
      sql`update post_targets set type = 'share' where post_id = ${postId}`,
    ];
    for (const change of changes) {
      await testDb().execute(change);
      const next = await hash();
      expect(seen, String(change.queryChunks[0])).not.toContain(next);
      seen.push(next);
    }
    // What does not go out leaves the version as it is.
    await testDb().execute(
      sql`update posts set status = 'failed', failure_reason = 'x', views_total = 3, approval_state = 'in_review' where id = ${postId}`,
    );
    expect(await hash()).toBe(seen.at(-1));
  });

  it("an edit committed while the claim waits for the post's lock: the claim sees it back in review and sends nothing", async () => {
    const { owner, workspaceId, page } = await team();
    const postId = await draft(owner.client, page, `Raced ${uid()}`);
    const turnedOn = await owner.client.request("PATCH", `/api/workspaces/${workspaceId}/approvals`, {
      json: { postsNeedApproval: true },
    });
    expect(turnedOn.status).toBe(200);
    // Far off, so the run's dispatcher leaves it alone; the claim below is the post's job's, which takes a due page.
    await submit(owner.client, postId, inSeconds(3600));
    await approve(owner.client, postId);

    const [{ db }, { claim }, { lockPostForChange }, { applyPostEdit }, { returnToReview }, { getPostOrThrow }] =
      await Promise.all([
        import("@/db"),
        import("@/lib/publishing/server/claim"),
        import("@/lib/posts/server/post-lock"),
        import("@/lib/posts/server/service"),
        import("@/lib/approvals/server/gate"),
        import("@/lib/posts/server/queries"),
      ]);
    const current = await getPostOrThrow(workspaceId, postId);
    const row = await postOf(postId);
    const [target] = await testDb().select().from(postTargets).where(eq(postTargets.postId, postId));
    const watcher = new pg.Client({ connectionString: testStack().databaseUrl });
    await watcher.connect();
    try {
      let claimed: Promise<unknown> | undefined;
      // The edit as changePost makes it (schedule-service.ts), held open until the claim waits for its lock.
      await db.transaction(async (tx) => {
        await lockPostForChange(tx, workspaceId, postId);
        await applyPostEdit(tx, workspaceId, current, { content: `Raced, changed ${uid()}` });
        expect(await returnToReview(tx, postId)).toBe("returned");
        claimed = claim(target!.id, row, "the approved text");
        await until(
          async () =>
            (
              await watcher.query(
                // pg_stat_activity keeps only the start of a long statement's text.
                `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
                  and query like 'update "post_targets" set "status"%'`,
              )
            ).rowCount! > 0,
          10_000,
          "the claim to wait for the edit's lock",
        );
      });
      expect(await claimed).toBeNull();
    } finally {
      await watcher.end();
    }
    const [after] = await testDb().select().from(postTargets).where(eq(postTargets.id, target!.id));
    expect(after).toMatchObject({ status: "pending", sentText: null, sentAt: null });
    expect((await postOf(postId)).approvalState).toBe("in_review");

    // Approved again, the same claim goes through: what refused it was the review, not the lock.
    await approve(owner.client, postId);
    const [{ claim: claimAgain }] = await Promise.all([import("@/lib/publishing/server/claim")]);
    const again = await claimAgain(target!.id, await postOf(postId), null);
    expect(again).not.toBeNull();
  });
});
