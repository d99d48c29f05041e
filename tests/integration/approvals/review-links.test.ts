import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEvents, notifications, postApprovals, posts, reviewLinkPosts, reviewLinks } from "@/db/schema";
import type { ReviewPostView, ReviewView } from "@/lib/approvals/review-links";
import type { MediaItem } from "@/lib/media/schemas";
import type { PostDto } from "@/lib/posts/schemas";
import { ApiClient, registeredClient } from "../../fixtures/api-client";
import { appInProcess } from "../../fixtures/app-in-process";
import { mailTo, waitForMail } from "../../fixtures/mail";
import { pngBytes } from "../../fixtures/media-files";
import { platformPosts, until } from "../../fixtures/publishing";
import { uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { ownerWithPageAndMembers } from "../../fixtures/team";
import { testStack } from "../../fixtures/test-stack";

/**
 * Client sign-off by review link (decision 0062): an approver sends posts in review to someone
 * outside the workspace, who sees them (and their media) through the signed link and nothing else,
 * and approves or asks for changes on the version they saw, recorded under their name and address.
 */

appInProcess();

const team = ownerWithPageAndMembers;

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

/** A post by `client` with a picture, submitted for approval at `at`. */
async function inReview(
  client: ApiClient,
  page: { id: string },
  at = inSeconds(3600),
  content = `For the client ${uid()}`,
) {
  const upload = new FormData();
  upload.append("media", new Blob([new Uint8Array(pngBytes(6, 4))], { type: "image/png" }), "shop front.png");
  const uploaded = await client.request("POST", "/api/media/upload", { body: upload });
  expect(uploaded.status, uploaded.text).toBe(201);
  const filename = (uploaded.body.data as MediaItem[])[0]!.filename;
  const made = await client.post("/api/social/posts", {
    pages: [{ type: "post", pageId: page.id, platform: "facebook" }],
    content,
    media: [filename],
  });
  expect(made.status, made.text).toBe(201);
  const postId = (made.body.post as PostDto).id;
  const submitted = await client.post(`/api/post/${postId}/submit`, { scheduledAt: at.toISOString() });
  expect(submitted.status, submitted.text).toBe(200);
  return { postId, filename, content };
}

async function sendLink(
  client: ApiClient,
  workspaceId: string,
  postIds: string[],
  recipientEmail = `client-${uid()}@example.com`,
) {
  const made = await client.post(`/api/workspaces/${workspaceId}/review-links`, {
    postIds,
    recipientEmail,
    recipientName: "Cleo Client",
  });
  expect(made.status, made.text).toBe(201);
  const data = made.body.data as { id: string; url: string; mailed: boolean };
  const token = new URL(data.url).pathname.split("/").pop()!;
  return { ...data, token, recipientEmail };
}

const outsider = () => new ApiClient();
const decision = (post: ReviewPostView, extra: Record<string, unknown> = {}) => ({
  postId: post.id,
  version: post.version,
  decision: "approved",
  name: "Cleo Client",
  email: "cleo@client.example",
  ...extra,
});
const counts = async (postId: string) => ({
  decisions: (await testDb().select().from(postApprovals).where(eq(postApprovals.postId, postId))).length,
  state: (await testDb().select().from(posts).where(eq(posts.id, postId)))[0]!.approvalState,
});

describe("client review links", () => {
  it("mails a link that shows only its posts, with their pages and media, to someone without an account", async () => {
    const { owner, workspaceId, page, members } = await team("contributor");
    const shown = await inReview(members.contributor.client, page);
    const other = await inReview(members.contributor.client, page);
    const link = await sendLink(owner.client, workspaceId, [shown.postId]);
    expect(link.mailed).toBe(true);

    const [mail] = await waitForMail(testStack().sandboxUrl, link.recipientEmail);
    expect(mail!.subject).toContain("asks you to review a post");
    expect(mail!.text).toContain(link.url);

    const reviewer = outsider();
    const opened = await reviewer.get(`/api/review/${link.token}`);
    expect(opened.status, opened.text).toBe(200);
    const view = opened.body.data as ReviewView;
    expect(view.posts.map((post) => post.id)).toEqual([shown.postId]);
    expect(view.recipientName).toBe("Cleo Client");
    const [post] = view.posts;
    expect(post!.content).toBe(shown.content);
    expect(post!.pages).toEqual([expect.objectContaining({ platform: "facebook", name: page.name })]);
    expect(post!.decidable).toEqual({ approve: true, requestChanges: true });
    // Nothing of the workspace beyond what goes out: no author, no ids of accounts, no other post.
    expect(opened.text).not.toContain(other.postId);
    expect(opened.text).not.toContain(members.contributor.user.id);
    expect(opened.text).not.toContain(page.id);

    const file = await reviewer.request("GET", post!.media[0]!.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    // Another post's file, the same file by the app's own address, the workspace's posts: not through the link.
    expect((await reviewer.get(`/api/review/${link.token}/media/${other.filename}`)).status).toBe(404);
    expect((await reviewer.get(`/api/media/files/${shown.filename}`)).status).toBe(401);
    expect((await reviewer.get(`/api/post/${shown.postId}`)).status).toBe(401);
    const otherDecision = await reviewer.post(`/api/review/${link.token}/decision`, {
      ...decision(post!),
      postId: other.postId,
    });
    expect(otherDecision.status).toBe(404);
    expect(await counts(other.postId)).toEqual({ decisions: 0, state: "in_review" });
  });

  it(
    "an outsider's approval is bound to the version they saw, recorded under their name, and the post goes out once",
    { timeout: 60_000 },
    async () => {
      const { owner, workspaceId, page, fbPageId, members } = await team("contributor");
      const { postId, content } = await inReview(members.contributor.client, page, inSeconds(10));
      const link = await sendLink(owner.client, workspaceId, [postId]);
      const reviewer = outsider();
      const view = (await reviewer.get(`/api/review/${link.token}`)).body.data as ReviewView;

      const approved = await reviewer.post(`/api/review/${link.token}/decision`, decision(view.posts[0]!));
      expect(approved.status, approved.text).toBe(200);
      expect(approved.body.message).toBe("Thank you: the post is approved.");
      expect((approved.body.data as ReviewPostView).decidable).toEqual({ approve: false, requestChanges: true });

      const [row] = await testDb().select().from(postApprovals).where(eq(postApprovals.postId, postId));
      expect(row).toMatchObject({
        decision: "approved",
        decidedBy: null,
        reviewerName: "Cleo Client",
        reviewerEmail: "cleo@client.example",
        reviewLinkId: link.id,
        contentHash: view.posts[0]!.version,
      });
      const hash = await testDb().execute<{ h: string }>(sql`select post_content_hash(${postId}::uuid) as h`);
      expect(row!.contentHash).toBe(hash.rows[0]!.h);
      const [event] = await testDb()
        .select()
        .from(activityEvents)
        .where(and(eq(activityEvents.postId, postId), eq(activityEvents.kind, "post_approved")));
      expect(event).toMatchObject({ actorId: null, actorLabel: "Cleo Client (cleo@client.example) via review link" });
      // The author and the person who sent the link are told.
      for (const person of [members.contributor, owner]) {
        const told = await testDb().select().from(notifications).where(eq(notifications.userId, person.user.id));
        expect(told.map((notice) => notice.kind)).toContain("approved");
      }

      await until(
        async () => (await testDb().select().from(posts).where(eq(posts.id, postId)))[0]!.status === "published",
        40_000,
        "the approved post to go out",
      );
      expect((await platformPosts(fbPageId)).filter((post) => post.text === content)).toHaveLength(1);
    },
  );

  it("a post changed after the link was opened is not approved by it: 409, nothing written", async () => {
    const { owner, workspaceId, page } = await team();
    const { postId } = await inReview(owner.client, page);
    const link = await sendLink(owner.client, workspaceId, [postId]);
    const reviewer = outsider();
    const seen = ((await reviewer.get(`/api/review/${link.token}`)).body.data as ReviewView).posts[0]!;

    const edited = await owner.client.put(`/api/post/${postId}`, { content: `Changed after sending ${uid()}` });
    expect(edited.status, edited.text).toBe(200);
    const stale = await reviewer.post(`/api/review/${link.token}/decision`, decision(seen));
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("version_changed");
    expect(await counts(postId)).toEqual({ decisions: 0, state: "in_review" });

    // The version there is now can be approved; a change after that sends it back to review.
    const fresh = ((await reviewer.get(`/api/review/${link.token}`)).body.data as ReviewView).posts[0]!;
    expect(fresh.version).not.toBe(seen.version);
    expect((await reviewer.post(`/api/review/${link.token}/decision`, decision(fresh))).status).toBe(200);
    await owner.client.put(`/api/post/${postId}`, { content: `Changed after approval ${uid()}` });
    expect((await counts(postId)).state).toBe("in_review");
  });

  it("changes requested by the outsider need a comment, and reach the author with it", async () => {
    const { owner, workspaceId, page, members } = await team("contributor");
    const { postId } = await inReview(members.contributor.client, page);
    const link = await sendLink(owner.client, workspaceId, [postId]);
    const reviewer = outsider();
    const seen = ((await reviewer.get(`/api/review/${link.token}`)).body.data as ReviewView).posts[0]!;

    const bare = await reviewer.post(
      `/api/review/${link.token}/decision`,
      decision(seen, { decision: "changes_requested" }),
    );
    expect(bare.status).toBe(400);
    expect(bare.body.error).toBe("Say what should change");
    const asked = await reviewer.post(
      `/api/review/${link.token}/decision`,
      decision(seen, { decision: "changes_requested", comment: "Use our new logo" }),
    );
    expect(asked.status, asked.text).toBe(200);
    expect(await counts(postId)).toEqual({ decisions: 1, state: "changes_requested" });
    const mails = await waitForMail(testStack().sandboxUrl, members.contributor.email);
    expect(mails.some((mail) => mail.text.includes("Use our new logo"))).toBe(true);
    // The comment joins the post's thread under the reviewer's name, where the author answers it.
    const thread = await members.contributor.client.get(`/api/post/${postId}/comments`);
    expect(thread.body.data).toEqual([
      expect.objectContaining({
        authorId: null,
        authorName: "Cleo Client (cleo@client.example) via review link",
        body: "Changes requested: Use our new logo",
      }),
    ]);
    // Decided: a second decision is refused.
    const again = await reviewer.post(`/api/review/${link.token}/decision`, decision(seen));
    expect(again.status).toBe(409);
  });

  it("a withdrawn, expired, altered or made-up link opens nothing and decides nothing", async () => {
    const { owner, workspaceId, page } = await team();
    const { postId } = await inReview(owner.client, page);
    const link = await sendLink(owner.client, workspaceId, [postId]);
    const reviewer = outsider();
    const seen = ((await reviewer.get(`/api/review/${link.token}`)).body.data as ReviewView).posts[0]!;

    const [id, signature] = link.token.split(".") as [string, string];
    const altered = `${id}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    for (const token of [altered, "not-a-token", `${id}.${"A".repeat(43)}`]) {
      const opened = await reviewer.get(`/api/review/${encodeURIComponent(token)}`);
      expect(opened.status, token).toBe(404);
      expect((await reviewer.post(`/api/review/${encodeURIComponent(token)}/decision`, decision(seen))).status).toBe(
        404,
      );
    }

    // Expired: a link whose signed expiry has passed (made as the service makes them).
    const { reviewLinkToken } = await import("@/lib/approvals/server/review-links");
    const [expired] = await testDb()
      .insert(reviewLinks)
      .values({ workspaceId, recipientEmail: "late@client.example", expiresAt: new Date(Date.now() - 1000) })
      .returning();
    await testDb().insert(reviewLinkPosts).values({ linkId: expired!.id, postId, position: 0 });
    const late = await reviewer.get(`/api/review/${reviewLinkToken(expired!)}`);
    expect(late.status).toBe(410);
    expect(late.body.code).toBe("link_expired");

    const withdrawn = await owner.client.delete(`/api/workspaces/${workspaceId}/review-links/${link.id}`);
    expect(withdrawn.status, withdrawn.text).toBe(200);
    const gone = await reviewer.get(`/api/review/${link.token}`);
    expect(gone.status).toBe(410);
    expect(gone.body.error).toBe("This review link was withdrawn by the person who sent it.");
    expect((await reviewer.post(`/api/review/${link.token}/decision`, decision(seen))).status).toBe(410);
    expect((await reviewer.get(seen.media[0]!.url)).status).toBe(410);
    expect(await counts(postId)).toEqual({ decisions: 0, state: "in_review" });

    const listed = await owner.client.get(`/api/workspaces/${workspaceId}/review-links`);
    const states = Object.fromEntries(
      (listed.body.data as { id: string; state: string }[]).map((row) => [row.id, row.state]),
    );
    expect(states).toMatchObject({ [link.id]: "revoked", [expired!.id]: "expired" });
    const kinds = (await testDb().select().from(activityEvents).where(eq(activityEvents.workspaceId, workspaceId))).map(
      (event) => event.kind,
    );
    expect(kinds).toEqual(expect.arrayContaining(["review_link_created", "review_link_revoked"]));
  });

  it("only approvers send links, only for posts of the workspace in review; a refused request writes nothing", async () => {
    const { owner, workspaceId, page, members } = await team("contributor", "viewer");
    const { postId } = await inReview(members.contributor.client, page);
    const draft = await owner.client.post("/api/social/posts", {
      pages: [{ type: "post", pageId: page.id, platform: "facebook" }],
      content: `Still a draft ${uid()}`,
    });
    const draftId = (draft.body.post as PostDto).id;
    const stranger = await registeredClient("Stranger");
    const path = `/api/workspaces/${workspaceId}/review-links`;
    const body = { postIds: [postId], recipientEmail: "x@client.example" };

    expect((await members.contributor.client.post(path, body)).status).toBe(403);
    expect((await members.viewer.client.post(path, body)).status).toBe(403);
    expect((await stranger.client.post(path, body)).status).toBe(404);
    const notInReview = await owner.client.post(path, { ...body, postIds: [postId, draftId] });
    expect(notInReview.status).toBe(409);
    expect(notInReview.body.error).toBe("Only posts waiting for approval can be sent for review.");
    const strangers = await stranger.client.post(`/api/workspaces/${stranger.user.id}/review-links`, body);
    expect(strangers.status).toBe(404);
    expect((await owner.client.post(path, { ...body, recipientEmail: "not an address" })).status).toBe(400);
    expect((await owner.client.post(path, { ...body, expiresInDays: 365 })).status).toBe(400);
    expect(await testDb().select().from(reviewLinks).where(eq(reviewLinks.workspaceId, workspaceId))).toHaveLength(0);
    expect(await mailTo(testStack().sandboxUrl, "x@client.example")).toHaveLength(0);
  });
});
