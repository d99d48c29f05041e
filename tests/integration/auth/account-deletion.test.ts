import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { media, posts, socialAccounts, users } from "@/db/schema";
import { ApiClient, registeredClient, uniqueEmail } from "../../fixtures/api-client";
import { appMediaRoot, pngBytes } from "../../fixtures/media-files";
import { connectFacebook, sandbox, uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { testStack } from "../../fixtures/test-stack";

/** Settings › Profile: DELETE /api/auth/account and PATCH /api/auth/profile. */

async function uploadPng(client: ApiClient) {
  const body = new FormData();
  body.append("media", new Blob([new Uint8Array(pngBytes(4, 4))], { type: "image/png" }), `photo-${uid()}.png`);
  const response = await client.request("POST", "/api/media/upload", { body });
  expect(response.status, response.text).toBe(201);
}

/** A user with a Facebook Page, a scheduled post (a queued job) and an uploaded file. */
async function userWithData() {
  const registered = await registeredClient();
  const { fbUser, account } = await connectFacebook(registered.client, (ids) => ids.slice(0, 1));
  const draft = await registered.client.post("/api/social/posts", {
    pages: [{ type: "post", pageId: account.pages[0]!.id, platform: "facebook" }],
    content: `Kept until deletion ${uid()}`,
  });
  expect(draft.status, draft.text).toBe(201);
  const postId = (draft.body.post as { id: string }).id;
  const scheduledAt = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
  const scheduled = await registered.client.put(`/api/post/${postId}`, { scheduledAt, status: "scheduled" });
  expect(scheduled.status, scheduled.text).toBe(200);
  await uploadPng(registered.client);
  return { ...registered, fbUser, account, postId };
}

async function snapshot(userId: string) {
  const db = testDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  // Ids and what the user wrote, not sync times: a worker may refresh an account meanwhile.
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();
  return {
    user: user ? { email: user.email, name: user.name } : null,
    posts: (await db.select().from(posts).where(eq(posts.workspaceId, userId)))
      .map((row) => `${row.id} ${row.status}`)
      .sort(),
    media: ids(await db.select().from(media).where(eq(media.workspaceId, userId))),
    accounts: ids(await db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, userId))),
  };
}

const facebookRevocations = async (subject: string) =>
  (await sandbox().revocations()).filter((entry) => entry.platform === "facebook" && entry.subject === subject);

async function queuedJob(postId: string) {
  Object.assign(process.env, testStack().env);
  const { publishQueue, publishJobId } = await import("@/lib/publishing/server/publish-queue");
  const [row] = await testDb().select({ version: posts.scheduleVersion }).from(posts).where(eq(posts.id, postId));
  return publishQueue().getJob(publishJobId({ postId, scheduleVersion: row?.version ?? 1 }));
}

afterAll(async () => {
  const { closePublishQueue } = await import("@/lib/publishing/server/publish-queue");
  await closePublishQueue();
});

describe("DELETE /api/auth/account", () => {
  it("refuses a signed-out request", async () => {
    const response = await new ApiClient().delete("/api/auth/account", { confirmation: "DELETE" });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: "unauthorized" });
  });

  it.each([
    ["no body", undefined, "Confirmation is required"],
    ["an empty confirmation", { confirmation: "   " }, "Type your email address or DELETE to confirm"],
    ["a number", { confirmation: 42 }, "Confirmation must be text"],
    ["an unknown field", { confirmation: "DELETE", everything: true }, undefined],
    ["another word", { confirmation: "delete" }, "The confirmation does not match"],
    ["another address", { confirmation: "someone@example.com" }, "The confirmation does not match"],
  ])("answers 400 to %s and deletes nothing, revokes nothing", async (_label, body, message) => {
    const { client, user, fbUser, postId } = await userWithData();
    const before = await snapshot(user.id);
    const response = await client.delete("/api/auth/account", body);
    expect(response.status, response.text).toBe(400);
    expect(response.body.success).toBe(false);
    if (message) expect(response.body.error).toContain(message);
    expect(await snapshot(user.id)).toEqual(before);
    expect(await facebookRevocations(fbUser.id)).toEqual([]);
    expect(await queuedJob(postId)).toBeDefined();
    expect((await client.get("/api/auth/me")).status).toBe(200);
  });

  it("answers 400 to malformed JSON and 415 to a form body, deleting nothing", async () => {
    const { client, user } = await registeredClient();
    const malformed = await client.request("DELETE", "/api/auth/account", {
      body: "{confirmation:",
      headers: { "Content-Type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("invalid_json");
    const formBody = await client.request("DELETE", "/api/auth/account", {
      body: "confirmation=DELETE",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(formBody.status).toBe(415);
    expect((await snapshot(user.id)).user).not.toBeNull();
  });

  it("deletes the owner's rows, files and queued jobs, revokes the Facebook grant and ends every session; others keep theirs", async () => {
    const owner = await userWithData();
    const other = await userWithData();
    const secondBrowser = new ApiClient();
    expect((await secondBrowser.post("/api/auth/login", { email: owner.email, password: owner.password })).status).toBe(
      200,
    );
    const files = (await testDb().select().from(media).where(eq(media.workspaceId, owner.user.id))).map((row) =>
      path.join(appMediaRoot(), row.storageKey),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(existsSync(file), file).toBe(true);
    expect(await queuedJob(owner.postId)).toBeDefined();
    const otherBefore = await snapshot(other.user.id);

    // The e-mail, typed in another case, confirms as well as DELETE does.
    const response = await owner.client.delete("/api/auth/account", { confirmation: owner.email.toUpperCase() });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      message: "Your account and all of its data have been deleted.",
    });

    expect(await snapshot(owner.user.id)).toEqual({ user: null, posts: [], media: [], accounts: [] });
    for (const file of files) expect(existsSync(file), file).toBe(false);
    expect(await queuedJob(owner.postId)).toBeUndefined();
    const revoked = await facebookRevocations(owner.fbUser.id);
    expect(revoked).toHaveLength(1);
    expect(revoked[0]!.revokedTokens).toBeGreaterThan(0);
    // Both browsers are signed out, and the password no longer signs in.
    expect((await owner.client.get("/api/auth/me")).status).toBe(401);
    expect((await secondBrowser.get("/api/auth/me")).status).toBe(401);
    const again = await new ApiClient().post("/api/auth/login", { email: owner.email, password: owner.password });
    expect(again.status).toBe(401);

    // The other user: every row, the grant, the job and the session as they were.
    expect(await snapshot(other.user.id)).toEqual(otherBefore);
    expect(await facebookRevocations(other.fbUser.id)).toEqual([]);
    expect(await queuedJob(other.postId)).toBeDefined();
    expect((await other.client.get("/api/auth/me")).status).toBe(200);
  });

  it("still deletes the account when the platform refuses the revocation (the grant was already dead)", async () => {
    const owner = await userWithData();
    await sandbox().expireFacebookUserTokens(owner.fbUser.id);
    const response = await owner.client.delete("/api/auth/account", { confirmation: "DELETE" });
    expect(response.status, response.text).toBe(200);
    expect((await snapshot(owner.user.id)).user).toBeNull();
    expect(await facebookRevocations(owner.fbUser.id)).toEqual([]);
  });
});

describe("PATCH /api/auth/profile", () => {
  it("changes the name without a password", async () => {
    const { client, user } = await registeredClient();
    const response = await client.request("PATCH", "/api/auth/profile", { json: { name: "  Grace Hopper " } });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ name: "Grace Hopper", email: user.email });
    expect((await snapshot(user.id)).user?.name).toBe("Grace Hopper");
  });

  it("changes the e-mail only with the current password, and signs in with the new one", async () => {
    const { client, user, password } = await registeredClient();
    const next = uniqueEmail("moved");
    const patch = (json: unknown) => client.request("PATCH", "/api/auth/profile", { json });

    const missing = await patch({ email: next });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: "password_required" });
    const wrong = await patch({ email: next, currentPassword: "not my password" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "wrong_password", error: "Current password is incorrect" });
    expect((await snapshot(user.id)).user?.email).toBe(user.email);

    const moved = await patch({ email: next.toUpperCase(), currentPassword: password });
    expect(moved.status, moved.text).toBe(200);
    expect((await snapshot(user.id)).user?.email).toBe(next);
    expect((await new ApiClient().post("/api/auth/login", { email: next, password })).status).toBe(200);
    expect((await new ApiClient().post("/api/auth/login", { email: user.email, password })).status).toBe(401);
  });

  it("refuses another account's e-mail (409) and bad input (400), changing nothing", async () => {
    const { client, user, password } = await registeredClient();
    const taken = await registeredClient();
    const patch = (json: unknown) => client.request("PATCH", "/api/auth/profile", { json });
    const conflict = await patch({ email: taken.email, currentPassword: password });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ code: "email_taken", error: "An account with this email already exists" });
    for (const body of [
      {},
      { name: "" },
      { email: "not an address", currentPassword: password },
      { name: 5 },
      { id: "x" },
    ]) {
      const response = await patch(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await snapshot(user.id)).user).toMatchObject({ email: user.email, name: "Test User" });
  });
});
