import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postTargets } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import { connectFacebook, sandbox, type ConnectedAccountBody } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { sleep } from "../../fixtures/sleep";
import { testStack } from "../../fixtures/test-stack";

type Client = Awaited<ReturnType<typeof registeredClient>>["client"];
interface PostBody {
  id: string;
  status: string;
  pages: { pageId: string; status: string; platformPostUrl: string | null; error: { message: string } | null }[];
}

async function publishedOn(pageId: string): Promise<unknown[]> {
  const response = await fetch(`${testStack().sandboxUrl}/_control/publish/posts?platform=facebook&target=${pageId}`);
  const body = (await response.json()) as { posts?: unknown[] } | unknown[];
  return Array.isArray(body) ? body : (body.posts ?? []);
}

async function fault(body: Record<string, unknown>) {
  const response = await fetch(`${testStack().sandboxUrl}/_control/publish/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok, await response.text()).toBe(true);
}

async function draftFor(client: Client, pages: ConnectedAccountBody["pages"], content: string) {
  const response = await client.post("/api/social/posts", {
    pages: pages.map((page) => ({ type: "post", pageId: page.id, platform: "facebook" })),
    content,
  });
  expect(response.status, response.text).toBe(201);
  return response.body.post as PostBody;
}

async function waitForStatus(
  client: Client,
  postId: string,
  statuses: string[],
  timeoutMs = 20_000,
): Promise<PostBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const post = (await client.get(`/api/post/${postId}`)).body.post as PostBody;
    if (statuses.includes(post.status) || Date.now() > deadline) return post;
    await sleep(250);
  }
}

const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2)}`;

describe("publishing through the worker", () => {
  it("Publish Now sends the post to each page exactly once and records its URL", async () => {
    const { client } = await registeredClient();
    const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 2));
    const post = await draftFor(client, account.pages, unique("Fresh croissants"));

    const response = await client.post(`/api/post/${post.id}/publish`, {});
    expect(response.status, response.text).toBe(200);
    const done = await waitForStatus(client, post.id, ["published", "failed"]);
    expect(done.status).toBe("published");
    expect(
      done.pages.every(
        (page) => page.status === "published" && page.platformPostUrl?.startsWith("https://www.facebook.com/"),
      ),
    ).toBe(true);
    for (const page of fbUser.pages.slice(0, 2)) expect(await publishedOn(page.id)).toHaveLength(1);
    expect(await publishedOn(fbUser.pages[2]!.id)).toHaveLength(0);
  });

  it("a scheduled post goes out at its time, once; a past time is refused", async () => {
    const { client } = await registeredClient();
    const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    const post = await draftFor(client, account.pages, unique("Bake sale"));

    const past = await client.put(`/api/post/${post.id}`, {
      scheduledAt: new Date(Date.now() - 60_000).toISOString(),
      status: "scheduled",
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe("Please select a future date and time");

    const at = new Date(Date.now() + 3_000);
    const scheduled = await client.put(`/api/post/${post.id}`, { scheduledAt: at.toISOString(), status: "scheduled" });
    expect((scheduled.body.post as PostBody).status).toBe("scheduled");
    expect(await publishedOn(fbUser.pages[0]!.id)).toHaveLength(0);
    const done = await waitForStatus(client, post.id, ["published", "failed"]);
    expect(done.status).toBe("published");
    const [target] = await testDb().select().from(postTargets).where(eq(postTargets.postId, post.id));
    expect(target!.publishedAt!.getTime()).toBeGreaterThanOrEqual(at.getTime());
    expect(await publishedOn(fbUser.pages[0]!.id)).toHaveLength(1);
  });

  it("rescheduling before the time publishes once, at the new time", async () => {
    const { client } = await registeredClient();
    const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    const post = await draftFor(client, account.pages, unique("Moved post"));
    const first = new Date(Date.now() + 4_000);
    await client.put(`/api/post/${post.id}`, { scheduledAt: first.toISOString(), status: "scheduled" });
    const later = new Date(Date.now() + 8_000);
    await client.put(`/api/post/${post.id}`, { scheduledAt: later.toISOString() });
    // Past the first time, before the new one: nothing went out.
    await sleep(first.getTime() + 1_500 - Date.now());
    expect(await publishedOn(fbUser.pages[0]!.id)).toHaveLength(0);
    expect((await waitForStatus(client, post.id, ["published", "failed"])).status).toBe("published");
    expect(await publishedOn(fbUser.pages[0]!.id)).toHaveLength(1);
  });

  it("an expired page token fails that page with the spec's message; the other page is published", async () => {
    const { client } = await registeredClient();
    const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 2));
    await sandbox().expireFacebookPageToken(fbUser.pages[0]!.id);
    const post = await draftFor(client, account.pages, unique("Half and half"));

    await client.post(`/api/post/${post.id}/publish`, {});
    const done = await waitForStatus(client, post.id, ["published", "failed"]);
    expect(done.status).toBe("failed");
    const [expired, fine] = [
      done.pages.find((p) => p.pageId === account.pages[0]!.id)!,
      done.pages.find((p) => p.pageId === account.pages[1]!.id)!,
    ];
    expect(expired.status).toBe("failed");
    expect(expired.error?.message).toBe("Social account access has expired. Please reconnect your accounts.");
    expect(fine.status).toBe("published");
    expect(await publishedOn(fbUser.pages[1]!.id)).toHaveLength(1);
  });

  it("a duplicate refusal fails at once and is not retried", async () => {
    const { client } = await registeredClient();
    const { account } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    await fault({ platform: "facebook", kind: "duplicate", times: 1 });
    const post = await draftFor(client, account.pages, unique("Same again"));
    await client.post(`/api/post/${post.id}/publish`, {});
    const done = await waitForStatus(client, post.id, ["published", "failed"]);
    expect(done.status).toBe("failed");
    expect(done.pages[0]!.error?.message).toMatch(/duplicate/);
    const [target] = await testDb().select().from(postTargets).where(eq(postTargets.postId, post.id));
    expect(target!.attempts).toBe(1);
  });

  it("a post the platform accepted before the answer was lost is recorded, not sent twice", async () => {
    const { client } = await registeredClient();
    const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    await fault({ platform: "facebook", kind: "server_error", times: 1, afterAccept: true });
    const post = await draftFor(client, account.pages, unique("Accepted then lost"));
    await client.post(`/api/post/${post.id}/publish`, {});
    const done = await waitForStatus(client, post.id, ["published", "failed"], 30_000);
    expect(done.status).toBe("published");
    expect(await publishedOn(fbUser.pages[0]!.id)).toHaveLength(1);
  });
});
