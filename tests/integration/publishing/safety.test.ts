import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, postTargets, socialAccounts } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import {
  authorize,
  completeCallback,
  connectFacebook,
  sandbox,
  uid,
  type ConnectedAccountBody,
} from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { sleep } from "../../fixtures/sleep";
import { testStack } from "../../fixtures/test-stack";

/**
 * The ways a page could go out twice, or go out wrong, around retries: an edit or reschedule while a
 * page's outcome is in doubt, a request longer than the stale limit, shares ahead of their original,
 * pages replaced on a partly published post, X refusing a token that still had time left.
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
  // Engine and token code run in this process too (a second worker), on the run's database and prefix.
  Object.assign(process.env, testStack().env);
});
afterAll(async () => {
  const { closePublishQueue } = await import("@/lib/publishing/server/publish-queue");
  const { closeRedis } = await import("@/lib/server/redis");
  const { closeDb } = await import("@/db");
  await Promise.allSettled([closePublishQueue(), closeRedis(), closeDb()]);
});

const label = (text: string) => `${text} ${uid()}`;

async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

const getPost = async (client: Client, id: string) => (await client.get(`/api/post/${id}`)).body.post as PostBody;
const settled = (client: Client, id: string, timeoutMs?: number) =>
  until(
    () => getPost(client, id),
    (post) => post.status === "published" || post.status === "failed",
    "the post to settle",
    timeoutMs,
  );
const targetsOf = (postId: string) => testDb().select().from(postTargets).where(eq(postTargets.postId, postId));

async function draft(
  client: Client,
  pages: { type: "post" | "share"; page: ConnectedAccountBody["pages"][number]; platform?: string }[],
  content: string,
) {
  const response = await client.post("/api/social/posts", {
    pages: pages.map(({ type, page, platform }) => ({ type, pageId: page.id, platform: platform ?? "facebook" })),
    content,
  });
  expect(response.status, response.text).toBe(201);
  return response.body.post as PostBody;
}

async function connectTwitter(client: Client) {
  const search = await authorize(client, "twitter", { username: `safe_${uid()}` });
  const { userAccessToken, accountId: twitterUserId } = await completeCallback(client, "twitter", search);
  const response = await client.post("/api/social/connect/twitter", { userAccessToken });
  expect(response.status, response.text).toBe(200);
  return { twitterUserId, account: response.body.data as ConnectedAccountBody };
}

describe("a page whose outcome is in doubt", () => {
  it("stays in doubt through an edit and a reschedule: the next attempt finds what was sent and sends nothing", async () => {
    const { client } = await registeredClient();
    const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    const pageId = fbUser.pages[0]!.id;
    const original = label("Accepted, answer lost");
    const post = await draft(client, [{ type: "post", page: account.pages[0]! }], original);
    await sandbox().publishFaults({
      platform: "facebook",
      kind: "server_error",
      times: 1,
      afterAccept: true,
      target: pageId,
    });
    await client.put(`/api/post/${post.id}`, {
      scheduledAt: new Date(Date.now() + 1_500).toISOString(),
      status: "scheduled",
    });

    // The first attempt reached the platform, but its answer was a 500: the page waits, in doubt.
    const [doubtful] = await until(
      () => targetsOf(post.id),
      ([target]) => target?.errorCode === "uncertain",
      "the page to be in doubt",
    );
    expect(doubtful!.status).toBe("pending");
    expect(doubtful!.sentText).toBe(original);

    // Before the retry, the user rewrites the post and moves it.
    const edited = await client.put(`/api/post/${post.id}`, {
      content: `${original} (edited)`,
      scheduledAt: new Date(Date.now() + 2_000).toISOString(),
    });
    expect(edited.status, edited.text).toBe(200);
    const [kept] = await targetsOf(post.id);
    expect(kept!.errorCode).toBe("uncertain");

    expect((await settled(client, post.id)).status).toBe("published");
    const onPage = await sandbox().publishedPosts({ platform: "facebook", target: pageId });
    expect(onPage.map((item) => item.text)).toEqual([original]);
    const [done] = await targetsOf(post.id);
    expect(done!.platformPostId).toBe(onPage[0]!.id);
  });

  it("a request longer than the stale limit keeps its claim: a second worker does not take the page over", async () => {
    const { client } = await registeredClient();
    const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    const pageId = fbUser.pages[0]!.id;
    const staleMs = Number(testStack().env.PUBLISH_STALE_SECONDS) * 1000;
    await sandbox().setPublishLatency(staleMs * 2, pageId);
    try {
      const post = await draft(client, [{ type: "post", page: account.pages[0]! }], label("One slow request"));
      await client.put(`/api/post/${post.id}`, {
        scheduledAt: new Date(Date.now() + 1_000).toISOString(),
        status: "scheduled",
      });
      const [claimed] = await until(
        () => targetsOf(post.id),
        ([target]) => target?.status === "publishing",
        "the worker to claim the page",
      );

      // Past the stale limit, the claim has been renewed while the one request is still running...
      await sleep(staleMs + 1_000);
      const [held] = await targetsOf(post.id);
      expect(held!.status).toBe("publishing");
      expect(held!.publishingStartedAt!.getTime()).toBeGreaterThan(claimed!.publishingStartedAt!.getTime());
      // ...so another worker running the same post now claims nothing.
      const { runPublishJob } = await import("@/lib/publishing/server/engine");
      const [row] = await testDb().select().from(posts).where(eq(posts.id, post.id));
      await runPublishJob(post.id, row!.scheduleVersion);

      expect((await settled(client, post.id)).status).toBe("published");
      const [done] = await targetsOf(post.id);
      expect(done!.attempts).toBe(1);
      expect(await sandbox().publishedPosts({ platform: "facebook", target: pageId })).toHaveLength(1);
    } finally {
      await sandbox().setPublishLatency(0, pageId);
    }
  });
});

describe("shares and their originals", () => {
  it("a share waits while its original is retried, then goes out with the link to it", async () => {
    const { client } = await registeredClient();
    const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 2));
    const [originalPage, sharePage] = fbUser.pages;
    await sandbox().publishFaults({ platform: "facebook", kind: "server_error", times: 1, target: originalPage!.id });
    const post = await draft(
      client,
      [
        { type: "post", page: account.pages[0]! },
        { type: "share", page: account.pages[1]! },
      ],
      label("Original first"),
    );
    await client.post(`/api/post/${post.id}/publish`, {});

    const done = await settled(client, post.id);
    expect(done.status).toBe("published");
    const [original] = await sandbox().publishedPosts({ platform: "facebook", target: originalPage!.id });
    const [share] = await sandbox().publishedPosts({ platform: "facebook", target: sharePage!.id });
    const originalUrl = done.pages.find((page) => page.type === "post")!.platformPostUrl!;
    expect(share!.text).toContain(originalUrl);
    expect(Date.parse(share!.createdAt)).toBeGreaterThanOrEqual(Date.parse(original!.createdAt));
  });

  it("when no original went out, the share is not sent and says why", async () => {
    const { client } = await registeredClient();
    const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 2));
    const [originalPage, sharePage] = fbUser.pages;
    await sandbox().publishFaults({ platform: "facebook", kind: "duplicate", times: 1, target: originalPage!.id });
    const post = await draft(
      client,
      [
        { type: "post", page: account.pages[0]! },
        { type: "share", page: account.pages[1]! },
      ],
      label("Nothing to share"),
    );
    await client.post(`/api/post/${post.id}/publish`, {});

    const done = await settled(client, post.id);
    expect(done.status).toBe("failed");
    const share = done.pages.find((page) => page.type === "share")!;
    expect(share.status).toBe("failed");
    expect(share.error?.message).toBe("Not shared: the original post was not published on any page.");
    expect(await sandbox().publishedPosts({ platform: "facebook", target: sharePage!.id })).toHaveLength(0);
  });
});

describe("editing a post that is partly out", () => {
  it("keeps the published page when the pages are saved again, and never sends it twice", async () => {
    const { client } = await registeredClient();
    const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 2));
    const [goodPage, expiredPage] = fbUser.pages;
    await sandbox().expireFacebookPageToken(expiredPage!.id);
    const post = await draft(
      client,
      [
        { type: "post", page: account.pages[0]! },
        { type: "post", page: account.pages[1]! },
      ],
      label("Half out"),
    );
    await client.post(`/api/post/${post.id}/publish`, {});
    expect((await settled(client, post.id)).status).toBe("failed");
    const [before] = await testDb()
      .select()
      .from(postTargets)
      .where(and(eq(postTargets.postId, post.id), eq(postTargets.status, "published")));

    // The editor saves the whole form: the same two pages, new text.
    const saved = await client.put(`/api/post/${post.id}`, {
      content: "Half out, edited",
      pages: account.pages.slice(0, 2).map((page) => ({ type: "post", pageId: page.id, platform: "facebook" })),
    });
    expect(saved.status, saved.text).toBe(200);
    const [after] = await testDb().select().from(postTargets).where(eq(postTargets.id, before!.id));
    expect(after).toMatchObject({ status: "published", platformPostId: before!.platformPostId });

    await client.post(`/api/post/${post.id}/publish`, {});
    await settled(client, post.id);
    expect(await sandbox().publishedPosts({ platform: "facebook", target: goodPage!.id })).toHaveLength(1);
  });
});

describe("X tokens while publishing", () => {
  it("renews a token about to expire before using it", async () => {
    const { client } = await registeredClient();
    const { twitterUserId, account } = await connectTwitter(client);
    const db = testDb();
    const [stored] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, account.id));
    // Our record says it expires in a minute; the platform has already stopped taking it.
    await db
      .update(socialAccounts)
      .set({ tokenExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(socialAccounts.id, account.id));
    await sandbox().expireTwitterTokens(twitterUserId);

    const post = await draft(
      client,
      [{ type: "post", page: account.pages[0]!, platform: "twitter" }],
      label("Fresh token"),
    );
    await client.post(`/api/post/${post.id}/publish`, {});
    expect((await settled(client, post.id)).status).toBe("published");

    const calls = await sandbox().publishCalls({ platform: "twitter", target: twitterUserId });
    expect(calls.map((call) => call.status)).toEqual([201]);
    const [renewed] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, account.id));
    expect(renewed!.accessTokenEnc).not.toBe(stored!.accessTokenEnc);
    expect(renewed!.refreshTokenEnc).not.toBe(stored!.refreshTokenEnc);
    expect(renewed!.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
  });

  it("a token refused although it had time left is renewed once and the post goes out; the account stays valid", async () => {
    const { client } = await registeredClient();
    const { twitterUserId, account } = await connectTwitter(client);
    await sandbox().expireTwitterTokens(twitterUserId);
    const post = await draft(
      client,
      [{ type: "post", page: account.pages[0]!, platform: "twitter" }],
      label("Refused, renewed"),
    );
    await client.post(`/api/post/${post.id}/publish`, {});

    expect((await settled(client, post.id)).status).toBe("published");
    expect(await sandbox().publishedPosts({ platform: "twitter", target: twitterUserId })).toHaveLength(1);
    const [stored] = await testDb().select().from(socialAccounts).where(eq(socialAccounts.id, account.id));
    expect(stored!.hasValidToken).toBe(true);
  });

  it("a revoked grant (the renewal refused too) fails the page with the spec's message and marks the account expired", async () => {
    const { client } = await registeredClient();
    const { twitterUserId, account } = await connectTwitter(client);
    await sandbox().revokeTwitterTokens(twitterUserId);
    const post = await draft(
      client,
      [{ type: "post", page: account.pages[0]!, platform: "twitter" }],
      label("Revoked"),
    );
    await client.post(`/api/post/${post.id}/publish`, {});

    const done = await settled(client, post.id);
    expect(done.status).toBe("failed");
    expect(done.pages[0]!.error?.message).toBe("Social account access has expired. Please reconnect your accounts.");
    const [stored] = await testDb().select().from(socialAccounts).where(eq(socialAccounts.id, account.id));
    expect(stored!.hasValidToken).toBe(false);
    expect(await sandbox().publishedPosts({ platform: "twitter", target: twitterUserId })).toHaveLength(0);
  });

  it("new tokens without a refresh token never erase the stored one", async () => {
    const { client } = await registeredClient();
    const { account } = await connectTwitter(client);
    const db = testDb();
    const [before] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, account.id));
    const { saveAccountTokens } = await import("@/lib/social/server/account-tokens");
    await saveAccountTokens(account.id, {
      accessToken: "new-access",
      expiresAt: new Date(Date.now() + 7_200_000),
      refreshToken: null,
      refreshTokenExpiresAt: null,
      scopes: [],
    });
    const [after] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, account.id));
    expect(after!.accessTokenEnc).not.toBe(before!.accessTokenEnc);
    expect(after!.refreshTokenEnc).toBe(before!.refreshTokenEnc);
    expect(after!.refreshTokenEnc).not.toBeNull();
  });
});

describe("reconciling after downtime", () => {
  it("a post missed by more than the limit fails with a reason; one missed by less goes out at once; one under way goes on", async () => {
    const { client, user } = await registeredClient();
    const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    const page = account.pages[0]!;
    const db = testDb();
    const limitMinutes = Number(testStack().env.PUBLISH_MAX_LATENESS_MINUTES ?? 1440);
    // One transaction per post: the running worker reconciles too, and must never see a post without its page.
    const seed = (content: string, minutesAgo: number, target: Partial<typeof postTargets.$inferInsert> = {}) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(posts)
          .values({
            workspaceId: user.id,
            content,
            status: "scheduled",
            scheduledAt: new Date(Date.now() - minutesAgo * 60_000),
          })
          .returning({ id: posts.id });
        await tx.insert(postTargets).values({
          postId: row!.id,
          pageId: page.id,
          type: "post",
          platform: "facebook",
          pageName: page.name,
          ...target,
        });
        return row!.id;
      });
    const missed = await seed(label("Missed"), limitMinutes + 60);
    const late = await seed(label("Late but in time"), 30);
    const underWay = await seed(label("Waiting out a rate limit"), limitMinutes + 60, {
      attempts: 1,
      errorCode: "rate_limited",
      nextAttemptAt: new Date(Date.now() + 60 * 60_000),
    });

    const { reconcile } = await import("@/lib/publishing/server/reconcile");
    // The worker's own periodic reconcile may get there first; either way the outcome below holds.
    await reconcile();

    const failed = await getPost(client, missed);
    expect(failed.status).toBe("failed");
    expect(failed.pages[0]!.error?.message).toBe("Missed its scheduled time while publishing was unavailable.");
    expect((await settled(client, late)).status).toBe("published");
    expect((await getPost(client, underWay)).status).toBe("scheduled");
    const onPage = await sandbox().publishedPosts({ platform: "facebook", target: fbUser.pages[0]!.id });
    expect(onPage.map((item) => item.text.split(" ")[0])).toEqual(["Late"]);
  });
});

describe("finding an X post that may have gone out", () => {
  it("a share whose answer was lost is found on X although X rewrote its link to t.co", async () => {
    const { client } = await registeredClient();
    const { account: facebook } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    const { twitterUserId, account: x } = await connectTwitter(client);
    await sandbox().publishFaults({
      platform: "twitter",
      kind: "server_error",
      times: 1,
      afterAccept: true,
      target: twitterUserId,
    });
    const post = await draft(
      client,
      [
        { type: "post", page: facebook.pages[0]! },
        { type: "share", page: x.pages[0]!, platform: "twitter" },
      ],
      label("Shared on X"),
    );
    await client.post(`/api/post/${post.id}/publish`, {});

    const done = await settled(client, post.id);
    expect(done.status).toBe("published");
    const tweets = await sandbox().publishedPosts({ platform: "twitter", target: twitterUserId });
    expect(tweets).toHaveLength(1);
    expect(tweets[0]!.text).toContain(done.pages.find((page) => page.type === "post")!.platformPostUrl!);
    const share = (await targetsOf(post.id)).find((target) => target.type === "share")!;
    expect(share.platformPostId).toBe(tweets[0]!.id);
    expect(share.attempts).toBe(2);
  });
});

describe("finding an X post whose text X shows otherwise", () => {
  it("a post with a bare link, & and <…> is found although X escapes the text and adds a scheme to the link", async () => {
    const { client } = await registeredClient();
    const { twitterUserId, account: x } = await connectTwitter(client);
    await sandbox().publishFaults({
      platform: "twitter",
      kind: "timeout",
      delayMs: 200,
      times: 1,
      afterAccept: true,
      target: twitterUserId,
    });
    const post = await draft(
      client,
      [{ type: "post", page: x.pages[0]!, platform: "twitter" }],
      `Bread & <rolls> at example.com ${uid()}`,
    );
    await client.post(`/api/post/${post.id}/publish`, {});

    expect((await settled(client, post.id)).status).toBe("published");
    expect(await sandbox().publishedPosts({ platform: "twitter", target: twitterUserId })).toHaveLength(1);
    const [target] = await targetsOf(post.id);
    expect(target!.attempts).toBe(2);
  });
});
