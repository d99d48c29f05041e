import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, postTargets, socialAccounts } from "@/db/schema";
import { linkedInToken } from "@/sandbox/testing-tokens";
import { registeredClient } from "../../fixtures/api-client";
import { authorize, cipher, completeCallback, sandbox, uid, type ConnectedAccountBody } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { sleep } from "../../fixtures/sleep";
import { testStack } from "../../fixtures/test-stack";

/**
 * A LinkedIn page whose publish answer was lost. An app without the restricted
 * r_member_social cannot read the member's posts back, so the engine sends the same text again and
 * LinkedIn's duplicate refusal names the post that went out; where nothing can decide, the page
 * waits for its owner ('Needs your check'). Never failed silently, never posted twice.
 */

type Client = Awaited<ReturnType<typeof registeredClient>>["client"];
interface PostBody {
  id: string;
  status: string;
  pages: {
    pageId: string;
    type: string;
    status: string;
    platformPostUrl: string | null;
    error: { message: string } | null;
  }[];
}

beforeAll(() => {
  // Reconcile runs in this process too, on the run's database and prefix.
  Object.assign(process.env, testStack().env);
});
afterAll(async () => {
  const { closePublishQueue } = await import("@/lib/publishing/server/publish-queue");
  const { closeRedis } = await import("@/lib/server/redis");
  const { closeDb } = await import("@/db");
  await Promise.allSettled([closePublishQueue(), closeRedis(), closeDb()]);
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(150);
  }
}

const getPost = async (client: Client, id: string) => (await client.get(`/api/post/${id}`)).body.post as PostBody;
const targetOf = async (postId: string) =>
  (await testDb().select().from(postTargets).where(eq(postTargets.postId, postId)))[0]!;
const postsOn = (sub: string) => sandbox().publishedPosts({ platform: "linkedin", target: sub });
const operations = async (sub: string) =>
  (await sandbox().publishCalls({ platform: "linkedin", target: sub })).map((call) => call.operation);

/**
 * A LinkedIn member connected through the app (the scopes any app gets). `approved`: the app is one
 * LinkedIn approved for r_member_social, so the account holds such a token and its granted scopes.
 */
async function connectLinkedIn(client: Client, { approved = false } = {}) {
  const email = `uncertain-${uid()}@example.com`;
  const li = await completeCallback(client, "linkedin", await authorize(client, "linkedin", { email }));
  const response = await client.post("/api/social/connect/linkedin", { userAccessToken: li.userAccessToken });
  expect(response.status, response.text).toBe(200);
  const account = response.body.data as ConnectedAccountBody;
  const [stored] = await testDb().select().from(socialAccounts).where(eq(socialAccounts.id, account.id));
  expect(stored!.scopes).not.toContain("r_member_social");
  if (approved) {
    const partner = await linkedInToken(testStack().sandboxUrl, { email }, { partner: true });
    expect(partner.sub).toBe(li.accountId);
    await testDb()
      .update(socialAccounts)
      .set({ accessTokenEnc: cipher().encrypt(partner.token), scopes: partner.scopes })
      .where(eq(socialAccounts.id, account.id));
  }
  return { pageId: account.pages[0]!.id, sub: li.accountId };
}

/** A draft to the LinkedIn page, scheduled a moment from now. */
async function schedule(client: Client, pageId: string, content: string) {
  const created = await client.post("/api/social/posts", {
    pages: [{ type: "post", pageId, platform: "linkedin" }],
    content,
  });
  expect(created.status, created.text).toBe(201);
  const post = created.body.post as PostBody;
  const scheduled = await client.put(`/api/post/${post.id}`, {
    scheduledAt: new Date(Date.now() + 1_000).toISOString(),
    status: "scheduled",
  });
  expect(scheduled.status, scheduled.text).toBe(200);
  return post.id;
}

const settled = (client: Client, id: string) =>
  until(
    () => getPost(client, id),
    (post) => post.status === "published" || post.status === "failed",
    "the post to settle",
  );

/** A page whose first attempt went out but whose answer was a 500, then edited: nothing can decide it. */
async function pageNeedingCheck(client: Client) {
  const { pageId, sub } = await connectLinkedIn(client);
  const original = `Went out, answer lost ${uid()}`;
  await sandbox().publishFaults({
    platform: "linkedin",
    kind: "server_error",
    afterAccept: true,
    times: 1,
    target: sub,
  });
  const postId = await schedule(client, pageId, original);
  await until(
    () => targetOf(postId),
    (target) => target.errorCode === "uncertain",
    "the page to be in doubt",
  );
  // The owner rewrites the post before the retry: a copy of the new text would not be caught as a duplicate.
  const edited = await client.put(`/api/post/${postId}`, {
    content: `${original}, edited`,
    scheduledAt: new Date(Date.now() + 1_000).toISOString(),
  });
  expect(edited.status, edited.text).toBe(200);
  const post = await until(
    () => getPost(client, postId),
    (body) => body.pages[0]?.status === "needs_check",
    "the page to need a check",
  );
  return { postId, pageId, sub, original, post };
}

describe("an uncertain LinkedIn page without r_member_social", () => {
  it("ends published by LinkedIn's duplicate signal: the copy is refused, naming the post that went out", async () => {
    const { client } = await registeredClient();
    const { sub, pageId } = await connectLinkedIn(client);
    await sandbox().publishFaults({
      platform: "linkedin",
      kind: "server_error",
      afterAccept: true,
      times: 1,
      target: sub,
    });
    const postId = await schedule(client, pageId, `Accepted, answer lost ${uid()}`);

    const post = await settled(client, postId);
    expect(post.status, JSON.stringify(post.pages)).toBe("published");
    const onLinkedIn = await postsOn(sub);
    expect(onLinkedIn).toHaveLength(1);
    const target = await targetOf(postId);
    expect(target.platformPostId).toBe(onLinkedIn[0]!.id);
    expect(post.pages[0]!.platformPostUrl).toBe(`https://www.linkedin.com/feed/update/${onLinkedIn[0]!.id}`);
    // Two sends of the same text, no read of the member's posts (which this app may not make).
    expect(await operations(sub)).toEqual(["post", "post"]);
  });

  it("goes out once when the first attempt never arrived", async () => {
    const { client } = await registeredClient();
    const { sub, pageId } = await connectLinkedIn(client);
    await sandbox().publishFaults({ platform: "linkedin", kind: "server_error", times: 1, target: sub });
    const text = `Refused before acceptance ${uid()}`;
    const postId = await schedule(client, pageId, text);

    expect((await settled(client, postId)).status).toBe("published");
    expect((await postsOn(sub)).map((item) => item.text)).toEqual([text]);
    expect((await targetOf(postId)).platformPostId).toBe((await postsOn(sub))[0]!.id);
  });
});

describe("an uncertain LinkedIn page with r_member_social (an approved app)", () => {
  it("is looked up and recorded, and not sent again", async () => {
    const { client } = await registeredClient();
    const { sub, pageId } = await connectLinkedIn(client, { approved: true });
    await sandbox().publishFaults({
      platform: "linkedin",
      kind: "server_error",
      afterAccept: true,
      times: 1,
      target: sub,
    });
    const postId = await schedule(client, pageId, `Found by the lookup ${uid()}`);

    expect((await settled(client, postId)).status).toBe("published");
    const onLinkedIn = await postsOn(sub);
    expect(onLinkedIn).toHaveLength(1);
    expect((await targetOf(postId)).platformPostId).toBe(onLinkedIn[0]!.id);
    expect(await operations(sub)).toEqual(["post", "lookup"]);
  });
});

describe("'Needs your check'", () => {
  it("where nothing can decide, the page waits for its owner, nothing is posted twice and the post is not failed", async () => {
    const { client } = await registeredClient();
    const { postId, sub, original, post } = await pageNeedingCheck(client);
    expect(post.status).toBe("scheduled");
    expect(post.pages[0]!.error?.message).toMatch(/edited since.*'It went out'.*'Publish again'/);
    expect((await postsOn(sub)).map((item) => item.text)).toEqual([original]);
    expect(await operations(sub)).toEqual(["post"]);
    expect((await targetOf(postId)).status).toBe("needs_check");

    // Days later it has not expired as a missed post: it still waits for its owner.
    await testDb()
      .update(posts)
      .set({ scheduledAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(posts.id, postId));
    const { reconcile } = await import("@/lib/publishing/server/reconcile");
    await reconcile();
    expect((await getPost(client, postId)).status).toBe("scheduled");
    expect((await targetOf(postId)).status).toBe("needs_check");
    expect(await operations(sub)).toEqual(["post"]);
  });

  it("'It went out' records the page published with the address given; only the owner may answer, once", async () => {
    const { client } = await registeredClient();
    const { postId, pageId, sub } = await pageNeedingCheck(client);
    const { client: stranger } = await registeredClient();
    const url = `https://www.linkedin.com/feed/update/${(await postsOn(sub))[0]!.id}`;

    const foreign = await stranger.post(`/api/post/${postId}/page-check`, { pageId, action: "went_out" });
    expect(foreign.status).toBe(404);
    const bad = await client.post(`/api/post/${postId}/page-check`, { pageId, action: "maybe" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("action must be went_out or publish_again");
    const badUrl = await client.post(`/api/post/${postId}/page-check`, {
      pageId,
      action: "went_out",
      postUrl: "javascript:alert(1)",
    });
    expect(badUrl.status).toBe(400);
    const unknownPage = await client.post(`/api/post/${postId}/page-check`, {
      pageId: "00000000-0000-4000-8000-000000000000",
      action: "went_out",
    });
    expect(unknownPage.status).toBe(404);
    expect((await targetOf(postId)).status).toBe("needs_check");

    const answered = await client.post(`/api/post/${postId}/page-check`, { pageId, action: "went_out", postUrl: url });
    expect(answered.status, answered.text).toBe(200);
    const post = answered.body.post as PostBody;
    expect(post.status).toBe("published");
    expect(post.pages[0]).toMatchObject({ status: "published", platformPostUrl: url, error: null });

    const again = await client.post(`/api/post/${postId}/page-check`, { pageId, action: "publish_again" });
    expect(again.status).toBe(409);
    expect(typeof again.body.error).toBe("string");
    expect(await operations(sub)).toEqual(["post"]);
  });

  it("'Publish again' sends the page once more, as a new attempt", async () => {
    const { client } = await registeredClient();
    const { postId, pageId, sub, original } = await pageNeedingCheck(client);
    const withUrl = await client.post(`/api/post/${postId}/page-check`, {
      pageId,
      action: "publish_again",
      postUrl: "https://www.linkedin.com/feed/update/urn:li:share:1",
    });
    expect(withUrl.status).toBe(400);

    const answered = await client.post(`/api/post/${postId}/page-check`, { pageId, action: "publish_again" });
    expect(answered.status, answered.text).toBe(200);
    const post = await settled(client, postId);
    expect(post.status).toBe("published");
    expect((await postsOn(sub)).map((item) => item.text)).toEqual([original, `${original}, edited`]);
    expect((await targetOf(postId)).platformPostId).toBe((await postsOn(sub))[1]!.id);
  });
});
