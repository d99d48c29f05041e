import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts, postTargets } from "@/db/schema";
import { MESSAGES, pageInDoubtMessage } from "@/lib/posts/schemas";
import { registeredClient } from "../../fixtures/api-client";
import type { ConnectedAccountBody } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { createDraft, entry, userWithPages, type PostBody } from "./helpers";
describe("POST /api/social/posts — the save rules", () => {
  it("saves a draft with one target per chosen page", async () => {
    const { client, pages } = await userWithPages();
    const response = await client.post("/api/social/posts", {
      pages: [entry(pages[0]!), entry(pages[1]!, "share")],
      content: "Fresh bread at 7am",
      shareContent: "Check out our latest post!",
    });
    expect(response.status).toBe(201);
    const post = response.body.post as PostBody;
    expect(post).toMatchObject({ status: "draft", content: "Fresh bread at 7am" });
    expect(post.pages.map((page) => [page.pageId, page.type, page.status])).toEqual([
      [pages[0]!.id, "post", "pending"],
      [pages[1]!.id, "share", "pending"],
    ]);
    const listed = await client.get("/api/post?status=draft&limit=50");
    expect((listed.body.posts as PostBody[]).map((p) => p.id)).toEqual([post.id]);
  });

  it.each([
    ["no pages", () => ({ pages: [], content: "hello" }), MESSAGES.pagesAndContent],
    [
      "empty content",
      (p: ConnectedAccountBody["pages"]) => ({ pages: [entry(p[0]!)], content: "" }),
      MESSAGES.pagesAndContent,
    ],
    [
      "blank content",
      (p: ConnectedAccountBody["pages"]) => ({ pages: [entry(p[0]!)], content: "  \n " }),
      MESSAGES.pagesAndContent,
    ],
    ["missing content", (p: ConnectedAccountBody["pages"]) => ({ pages: [entry(p[0]!)] }), MESSAGES.pagesAndContent],
    [
      "10,001 characters",
      (p: ConnectedAccountBody["pages"]) => ({ pages: [entry(p[0]!)], content: "x".repeat(10_001) }),
      MESSAGES.contentTooLong,
    ],
    [
      "a page without platform",
      (p: ConnectedAccountBody["pages"]) => ({ pages: [{ type: "post", pageId: p[0]!.id }], content: "hi" }),
      MESSAGES.missingPlatform,
    ],
    [
      "a NUL character in the text",
      (p: ConnectedAccountBody["pages"]) => ({ pages: [entry(p[0]!)], content: "bread\u0000butter" }),
      "Text cannot contain NUL characters.",
    ],
    [
      "a 281-character share message",
      (p: ConnectedAccountBody["pages"]) => ({ pages: [entry(p[0]!)], content: "hi", shareContent: "s".repeat(281) }),
      MESSAGES.shareTooLong,
    ],
  ] as const)("refuses %s with its message and saves nothing", async (_name, body, message) => {
    const { client, pages, user } = await userWithPages();
    const response = await client.post("/api/social/posts", body(pages));
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(await testDb().select().from(posts).where(eq(posts.workspaceId, user.id))).toHaveLength(0);
  });

  it("accepts exactly 10,000 characters", async () => {
    const { client, pages } = await userWithPages();
    const response = await client.post("/api/social/posts", { pages: [entry(pages[0]!)], content: "x".repeat(10_000) });
    expect(response.status).toBe(201);
  });

  it("refuses another user's page and non-JSON", async () => {
    const a = await userWithPages();
    const b = await registeredClient();
    const foreign = await b.client.post("/api/social/posts", { pages: [entry(a.pages[0]!)], content: "mine?" });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe("unknown_page");
    const garbage = await b.client.request("POST", "/api/social/posts", {
      body: "{nope",
      headers: { "Content-Type": "application/json" },
    });
    expect(garbage.status).toBe(400);
  });

  it("stops at the plan's monthly post limit", async () => {
    const { client, pages } = await userWithPages();
    for (let index = 0; index < 30; index += 1) await createDraft(client, [pages[0]!], `Post ${index}`);
    expect((await client.get("/api/subscription/check-limit?operation=createPost")).body).toMatchObject({
      success: true,
      allowed: false,
    });
    const refused = await client.post("/api/social/posts", { pages: [entry(pages[0]!)], content: "one more" });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(MESSAGES.limitReached);
  });

  it("saves arriving at the same moment cannot go past the limit together", async () => {
    const { client, pages, user } = await userWithPages();
    for (let index = 0; index < 28; index += 1) await createDraft(client, [pages[0]!], `Post ${index}`);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        client.post("/api/social/posts", { pages: [entry(pages[0]!)], content: `Race ${index}` }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 403, 403, 403, 403]);
    expect(await testDb().select().from(posts).where(eq(posts.workspaceId, user.id))).toHaveLength(30);
  });
});

describe("PUT /api/post/{id}", () => {
  it("updates a draft partially and replaces its pages", async () => {
    const { client, pages } = await userWithPages();
    const post = await createDraft(client, [pages[0]!]);
    const response = await client.put(`/api/post/${post.id}`, {
      content: "Updated bread news",
      pages: [entry(pages[1]!)],
    });
    expect(response.status).toBe(200);
    const updated = response.body.post as PostBody;
    expect(updated.content).toBe("Updated bread news");
    expect(updated.pages.map((page) => page.pageId)).toEqual([pages[1]!.id]);
    const onlyTitle = await client.put(`/api/post/${post.id}`, { title: "Morning" });
    expect((onlyTitle.body.post as PostBody).content).toBe("Updated bread news");
  });

  it("refuses to update a published post with 409", async () => {
    const { client, pages } = await userWithPages();
    const post = await createDraft(client, [pages[0]!]);
    await testDb().update(posts).set({ status: "published", publishedAt: new Date() }).where(eq(posts.id, post.id));
    const response = await client.put(`/api/post/${post.id}`, { content: "Rewriting history" });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(MESSAGES.published);
    const [row] = await testDb().select().from(posts).where(eq(posts.id, post.id));
    expect(row?.content).toBe("Fresh bread at 7am");
  });

  it("applies the save rules to updates too", async () => {
    const { client, pages } = await userWithPages();
    const post = await createDraft(client, [pages[0]!]);
    expect((await client.put(`/api/post/${post.id}`, { content: "" })).body.error).toBe(MESSAGES.pagesAndContent);
    expect((await client.put(`/api/post/${post.id}`, { pages: [] })).body.error).toBe(MESSAGES.pagesAndContent);
    expect((await client.put(`/api/post/${post.id}`, { content: "y".repeat(10_001) })).body.error).toBe(
      MESSAGES.contentTooLong,
    );
    expect((await client.put(`/api/post/${post.id}`, { status: "published" })).status).toBe(400);
  });

  it("a refused edit changes nothing: a past scheduledAt, or scheduling a draft never scheduled", async () => {
    const { client, pages } = await userWithPages();
    const post = await createDraft(client, [pages[0]!]);
    const before = await testDb().select().from(posts).where(eq(posts.id, post.id));
    const targetsBefore = await testDb().select().from(postTargets).where(eq(postTargets.postId, post.id));

    const past = await client.put(`/api/post/${post.id}`, {
      content: "Edited while scheduling in the past",
      title: "New title",
      pages: [entry(pages[1]!)],
      scheduledAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ error: MESSAGES.scheduleInPast, code: "schedule_in_past" });

    const neverScheduled = await client.put(`/api/post/${post.id}`, { content: "Edited again", status: "scheduled" });
    expect(neverScheduled.status).toBe(400);
    expect(neverScheduled.body.code).toBe("schedule_in_past");

    expect(await testDb().select().from(posts).where(eq(posts.id, post.id))).toEqual(before);
    expect(await testDb().select().from(postTargets).where(eq(postTargets.postId, post.id))).toEqual(targetsBefore);
  });

  it("an edit refused halfway (a page in doubt) leaves content, media and pages as they were", async () => {
    const { client, pages } = await userWithPages();
    const post = await createDraft(client, [pages[0]!, pages[1]!]);
    await testDb()
      .update(postTargets)
      .set({ errorCode: "uncertain" })
      .where(and(eq(postTargets.postId, post.id), eq(postTargets.pageId, pages[1]!.id)));
    const before = await testDb().select().from(posts).where(eq(posts.id, post.id));
    const refused = await client.put(`/api/post/${post.id}`, {
      content: "Only on the first page",
      pages: [entry(pages[0]!)],
    });
    expect(refused.status).toBe(409);
    expect(await testDb().select().from(posts).where(eq(posts.id, post.id))).toEqual(before);
    const targets = await testDb().select().from(postTargets).where(eq(postTargets.postId, post.id));
    expect(targets.map((target) => target.pageId).sort()).toEqual([pages[0]!.id, pages[1]!.id].sort());
  });
});

describe("ownership", () => {
  it("user B cannot read, update, delete or list user A's posts", async () => {
    const a = await userWithPages();
    const post = await createDraft(a.client, [a.pages[0]!]);
    const b = await registeredClient();
    for (const response of [
      await b.client.get(`/api/post/${post.id}`),
      await b.client.put(`/api/post/${post.id}`, { content: "hijacked" }),
      await b.client.delete(`/api/post/${post.id}`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.error).toBe(MESSAGES.notFound);
    }
    expect((await b.client.get("/api/post")).body.posts).toEqual([]);
    expect((await a.client.get(`/api/post/${post.id}`)).body.post).toMatchObject({ content: "Fresh bread at 7am" });
  });

  it("bulk delete removes only the caller's posts and reports the rest as failed", async () => {
    const a = await userWithPages();
    const b = await userWithPages();
    const mine = [await createDraft(a.client, [a.pages[0]!], "one"), await createDraft(a.client, [a.pages[0]!], "two")];
    const theirs = await createDraft(b.client, [b.pages[0]!], "not yours");

    const response = await a.client.request("DELETE", "/api/post/bulk/delete", {
      json: { postIds: [mine[0]!.id, theirs.id, "not-a-uuid", mine[1]!.id] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, deletedCount: 2, total: 4, failedCount: 2 });
    expect(response.body.results).toEqual([
      { postId: mine[0]!.id, success: true },
      { postId: theirs.id, success: false, error: "Post not found" },
      { postId: "not-a-uuid", success: false, error: "Post not found" },
      { postId: mine[1]!.id, success: true },
    ]);
    expect((await b.client.get(`/api/post/${theirs.id}`)).status).toBe(200);
    expect((await a.client.get("/api/post")).body.posts).toEqual([]);
    expect(await testDb().select().from(postTargets).where(eq(postTargets.postId, mine[0]!.id))).toHaveLength(0);
  });

  it("deletes one post and answers 404 the second time", async () => {
    const { client, pages } = await userWithPages();
    const post = await createDraft(client, [pages[0]!]);
    expect((await client.delete(`/api/post/${post.id}`)).body).toMatchObject({
      success: true,
      message: "Post deleted successfully",
    });
    expect((await client.delete(`/api/post/${post.id}`)).status).toBe(404);
  });
});

describe("a page whose last attempt may have gone out", () => {
  it("cannot be removed until the worker has checked it, so it is never re-added and sent without that check", async () => {
    const { client, pages } = await userWithPages();
    const post = await createDraft(client, pages, "Sent, maybe");
    // The state a worker leaves when the platform took the request but the answer was lost.
    await testDb()
      .update(posts)
      .set({ status: "scheduled", scheduledAt: new Date(Date.now() + 3_600_000) })
      .where(eq(posts.id, post.id));
    await testDb()
      .update(postTargets)
      .set({
        errorCode: "uncertain",
        errorMessage: "No answer from Facebook.",
        attempts: 1,
        sentText: "Sent, maybe",
        sentAt: new Date(),
      })
      .where(and(eq(postTargets.postId, post.id), eq(postTargets.pageId, pages[0]!.id)));

    const removing = await client.put(`/api/post/${post.id}`, { pages: [entry(pages[1]!)] });
    expect(removing.status, removing.text).toBe(409);
    expect(removing.body).toEqual({ success: false, error: pageInDoubtMessage(pages[0]!.name), code: "page_in_doubt" });
    const kept = await testDb().select().from(postTargets).where(eq(postTargets.postId, post.id));
    expect(kept.find((target) => target.pageId === pages[0]!.id)).toMatchObject({
      sentText: "Sent, maybe",
      errorCode: "uncertain",
    });

    // Keeping it (and changing anything else) is fine; so is removing the other page.
    const keeping = await client.put(`/api/post/${post.id}`, { pages: [entry(pages[0]!)], content: "Sent, maybe" });
    expect(keeping.status, keeping.text).toBe(200);
    expect((keeping.body.post as PostBody).pages.map((page) => page.pageId)).toEqual([pages[0]!.id]);
  });
});

describe("a page whose video the platform already accepted", () => {
  it("cannot be removed while pending, whatever its last error, so the video is followed to its post", async () => {
    const { client, pages } = await userWithPages();
    const post = await createDraft(client, pages, "Our oven, on video");
    await testDb()
      .update(posts)
      .set({ status: "scheduled", scheduledAt: new Date(Date.now() + 3_600_000) })
      .where(eq(posts.id, post.id));
    // Accepted by Facebook, then a throttle while its processing was followed.
    await testDb()
      .update(postTargets)
      .set({ errorCode: "rate_limited", attempts: 1, acceptedMediaId: "1104185267099870" })
      .where(and(eq(postTargets.postId, post.id), eq(postTargets.pageId, pages[0]!.id)));

    const removing = await client.put(`/api/post/${post.id}`, { pages: [entry(pages[1]!)] });
    expect(removing.status, removing.text).toBe(409);
    expect(removing.body).toEqual({ success: false, error: pageInDoubtMessage(pages[0]!.name), code: "page_in_doubt" });
    const kept = await testDb().select().from(postTargets).where(eq(postTargets.postId, post.id));
    expect(kept.find((target) => target.pageId === pages[0]!.id)).toMatchObject({
      acceptedMediaId: "1104185267099870",
    });
  });
});

describe("account drafts", () => {
  it("an account draft targets every page of the account", async () => {
    const { client, account, pages } = await userWithPages();
    const response = await client.post(`/api/social/accounts/${account.id}/posts/draft`, {
      content: "From the account",
    });
    expect(response.status).toBe(201);
    expect((response.body.post as PostBody).pages.map((page) => page.pageId).sort()).toEqual(
      pages.map((page) => page.id).sort(),
    );
  });
});
