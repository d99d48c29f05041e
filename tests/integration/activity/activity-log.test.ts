import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { activityEvents, posts } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import { appInProcess } from "../../fixtures/app-in-process";
import { sleep } from "../../fixtures/sleep";
import { connectFacebook, uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { activity, draftBody, inWorkspace, member } from "./helpers";

/**
 * The activity log: each change a person makes is recorded with who made it, in the transaction of
 * the change; the worker's outcomes once per post, as 'Postloom'. Owners and admins read it, by
 * person and by post, a page at a time.
 */

appInProcess();
afterAll(async () => {
  const { closePublishQueue } = await import("@/lib/publishing/server/publish-queue");
  await closePublishQueue().catch(() => undefined);
});

const eventsOf = (workspaceId: string) =>
  testDb().select().from(activityEvents).where(eq(activityEvents.workspaceId, workspaceId));

async function waitForStatus(client: ReturnType<typeof inWorkspace>, postId: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const post = (await client.get(`/api/post/${postId}`)).body.post as { status: string };
    if (["published", "failed"].includes(post.status) || Date.now() > deadline) return post.status;
    await sleep(250);
  }
}

describe("activity log", () => {
  it("records each post, account and workspace change with its actor, and the worker's outcome once", async () => {
    const owner = await registeredClient("Olivia Owner");
    const ws = owner.user.id;
    const me = inWorkspace(owner.client, ws);
    const { account } = await connectFacebook(owner.client, (ids) => ids.slice(0, 1));

    const created = await me.post("/api/social/posts", draftBody(account.pages, `Croissants ${uid()}`, "Croissants"));
    expect(created.status, created.text).toBe(201);
    const postId = (created.body.post as { id: string }).id;
    expect((await me.put(`/api/post/${postId}`, { content: "Warm croissants" })).status).toBe(200);
    const at = new Date(Date.now() + 3_600_000);
    expect((await me.put(`/api/post/${postId}`, { scheduledAt: at.toISOString() })).status).toBe(200);
    const later = new Date(Date.now() + 7_200_000);
    expect((await me.put(`/api/post/${postId}`, { scheduledAt: later.toISOString() })).status).toBe(200);
    expect((await me.post(`/api/post/${postId}/publish`, {})).status).toBe(200);
    expect(await waitForStatus(me, postId)).toBe("published");

    const history = await activity(me, `?post=${postId}`);
    expect(history.data.map((event) => event.kind).reverse()).toEqual([
      "post_created",
      "post_edited",
      "post_scheduled",
      "post_scheduled",
      "post_scheduled",
      "post_published",
    ]);
    const [published, now, rescheduled, scheduled, edited, made] = history.data;
    for (const event of [now, rescheduled, scheduled, edited, made])
      expect(event).toMatchObject({ actorId: ws, actorLabel: "Olivia Owner", subject: "Croissants", postId });
    expect(published).toMatchObject({ actorId: null, actorLabel: "Postloom", subject: "Croissants" });
    expect(edited!.details).toEqual({ fields: ["content"] });
    expect(scheduled!.details).toEqual({ at: at.toISOString() });
    expect(rescheduled!.details).toEqual({ at: later.toISOString(), previousAt: at.toISOString() });

    // Later writes to the published post (the metrics sync's totals) record nothing more.
    await testDb().update(posts).set({ viewsTotal: 12 }).where(eq(posts.id, postId));
    expect((await activity(me, `?post=${postId}`)).data).toHaveLength(6);

    expect((await me.delete(`/api/post/${postId}`)).status).toBe(200);
    const renamed = await owner.client.request("PATCH", `/api/workspaces/${ws}`, { json: { name: "Bakery" } });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await me.delete(`/api/social/accounts/${account.id}`)).status).toBe(200);

    const all = await activity(me);
    expect(all.data.slice(0, 3).map((event) => [event.kind, event.subject, event.actorLabel])).toEqual([
      ["account_disconnected", expect.any(String), "Olivia Owner"],
      ["workspace_renamed", "Bakery", "Olivia Owner"],
      ["post_deleted", "Croissants", "Olivia Owner"],
    ]);
    expect(all.data[1]!.details).toEqual({ from: "Personal", to: "Bakery" });
    // A deleted post keeps its history.
    expect((await activity(me, `?post=${postId}`)).data.map((event) => event.kind)[0]).toBe("post_deleted");
    expect(all.data.at(-1)).toMatchObject({
      kind: "account_connected",
      actorId: ws,
      details: { platform: "facebook" },
    });
  }, 60_000);

  it("one change's entries keep the order they were written in (an edit, then its schedule)", async () => {
    const owner = await registeredClient("Order Owner");
    const ws = owner.user.id;
    const { account } = await connectFacebook(owner.client, (ids) => ids.slice(0, 1));
    const me = inWorkspace(owner.client, ws);
    const created = await me.post("/api/social/posts", draftBody(account.pages, `Order ${uid()}`));
    const postId = (created.body.post as { id: string }).id;
    const { savePost } = await import("@/lib/publishing/server/schedule-service");
    const at = new Date(Date.now() + 3_600_000).toISOString();
    for (let i = 0; i < 3; i += 1) await savePost(ws, ws, postId, { content: `Order ${i}`, scheduledAt: at });
    const kinds = (await activity(me, `?post=${postId}`)).data.map((event) => event.kind);
    expect(kinds).toEqual([...Array(3).fill(["post_scheduled", "post_edited"]).flat(), "post_created"]);
  }, 30_000);

  it("a publish that fails is recorded once as post_failed, with its reason", async () => {
    const owner = await registeredClient("Failing Owner");
    const ws = owner.user.id;
    const [post] = await testDb()
      .insert(posts)
      .values({
        workspaceId: ws,
        authorId: ws,
        content: `Nowhere ${uid()}`,
        status: "scheduled",
        scheduledAt: new Date(),
      })
      .returning();
    const { runPublishJob } = await import("@/lib/publishing/server/engine");
    // The stack's worker may get there first: either way the post is settled, and logged, once.
    await runPublishJob(post!.id, post!.scheduleVersion);
    await runPublishJob(post!.id, post!.scheduleVersion);
    const events = (await eventsOf(ws)).filter((event) => event.postId === post!.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: "post_failed", actorId: null, actorLabel: "Postloom" });
    expect(events[0]!.details).toMatchObject({ reason: expect.stringContaining("no page") });
  });

  it("a change that rolls back records nothing: the event is in the change's transaction", async () => {
    const owner = await registeredClient("Rollback Owner");
    const ws = owner.user.id;
    const [post] = await testDb()
      .insert(posts)
      .values({ workspaceId: ws, authorId: ws, content: "Rolled back" })
      .returning();
    const { db } = await import("@/db");
    const { recordActivity } = await import("@/lib/activity/server/record");
    const rolledBack = new Error("rolled back");
    await expect(
      db.transaction(async (tx) => {
        await recordActivity(tx, { workspaceId: ws, actorId: ws, kind: "post_edited", postId: post!.id });
        // The worker's outcome too: the status change and its event go together.
        await tx.update(posts).set({ status: "failed" }).where(eq(posts.id, post!.id));
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await eventsOf(ws)).toEqual([]);

    // Refused requests (bad input, a page not in the workspace) change nothing and record nothing.
    const me = inWorkspace(owner.client, ws);
    expect((await me.post("/api/social/posts", draftBody([{ id: crypto.randomUUID() }], "Nope"))).status).toBe(400);
    expect((await me.put(`/api/post/${post!.id}`, { content: "" })).status).toBe(400);
    const tooLong = await owner.client.request("PATCH", `/api/workspaces/${ws}`, { json: { name: "x".repeat(81) } });
    expect(tooLong.status).toBe(400);
    expect(await eventsOf(ws)).toEqual([]);
  });

  it("filters by person and by post, and pages with a cursor without gaps or repeats", async () => {
    const owner = await registeredClient("Page Owner");
    const ws = owner.user.id;
    const admin = await member(ws, "admin", "Adam Admin");
    const asOwner = inWorkspace(owner.client, ws);
    const asAdmin = inWorkspace(admin.client, ws);
    const { account } = await connectFacebook(owner.client, (ids) => ids.slice(0, 1));
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const by = i % 2 === 0 ? asOwner : asAdmin;
      const response = await by.post("/api/social/posts", draftBody(account.pages, `Draft ${i} ${uid()}`));
      expect(response.status, response.text).toBe(201);
      made.push((response.body.post as { id: string }).id);
    }

    const byAdmin = await activity(asOwner, `?actor=${admin.user.id}`);
    expect(byAdmin.data.map((event) => event.postId)).toEqual([made[3], made[1]]);
    expect(byAdmin.data.every((event) => event.actorLabel === "Adam Admin")).toBe(true);
    expect((await activity(asAdmin, `?post=${made[2]}`)).data.map((event) => event.kind)).toEqual(["post_created"]);
    expect((await activity(asAdmin, `?actor=${owner.user.id}&post=${made[1]}`)).data).toEqual([]);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await activity(asOwner, `?limit=2${cursor ? `&before=${cursor}` : ""}`);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((event) => event.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    const everything = await activity(asOwner, "?limit=100");
    expect(seen).toEqual(everything.data.map((event) => event.id));
    expect(everything.data).toHaveLength(6); // the account, then five drafts
    expect(pages).toBe(3);
    const times = everything.data.map((event) => event.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  }, 30_000);

  it("only owners and admins read it; a non-member's request answers 404; bad queries 400", async () => {
    const owner = await registeredClient("Gate Owner");
    const ws = owner.user.id;
    await testDb()
      .insert(activityEvents)
      .values({ workspaceId: ws, actorId: ws, actorLabel: "Gate Owner", kind: "post_created" });
    for (const role of ["editor", "contributor", "viewer"] as const) {
      const person = await member(ws, role);
      const response = await inWorkspace(person.client, ws).get("/api/activity");
      expect(response.status, role).toBe(403);
      expect(response.body.data).toBeUndefined();
    }
    const admin = await member(ws, "admin");
    expect((await activity(inWorkspace(admin.client, ws))).data).toHaveLength(1);

    const stranger = await registeredClient("Stranger");
    const response = await inWorkspace(stranger.client, ws).get("/api/activity");
    expect(response.status).toBe(404);
    // Their own workspace's log holds nothing of the other's.
    expect((await activity(inWorkspace(stranger.client, stranger.user.id))).data).toEqual([]);

    const me = inWorkspace(owner.client, ws);
    for (const query of ["?limit=0", "?limit=101", "?limit=abc", "?before=nope", "?post=123", "?sort=asc"]) {
      const bad = await me.get(`/api/activity${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body).toMatchObject({ success: false, code: "bad_request" });
    }
  });

  it("the prune deletes events past the retention and keeps the rest", async () => {
    const owner = await registeredClient("Prune Owner");
    const ws = owner.user.id;
    const day = 86_400_000;
    await testDb()
      .insert(activityEvents)
      .values([
        {
          workspaceId: ws,
          actorLabel: "Postloom",
          kind: "post_published",
          createdAt: new Date(Date.now() - 401 * day),
        },
        { workspaceId: ws, actorLabel: "Postloom", kind: "post_failed", createdAt: new Date(Date.now() - 90 * day) },
      ]);
    const { pruneActivity } = await import("@/lib/activity/server/prune");
    expect(await pruneActivity()).toBeGreaterThanOrEqual(1);
    const left = await testDb()
      .select({ kind: activityEvents.kind })
      .from(activityEvents)
      .where(eq(activityEvents.workspaceId, ws));
    expect(left).toEqual([{ kind: "post_failed" }]);
  });
});
