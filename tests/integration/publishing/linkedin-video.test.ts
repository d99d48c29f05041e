import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { postTargets } from "@/db/schema";
import type { MediaItem } from "@/lib/media/schemas";
import { registeredClient } from "../../fixtures/api-client";
import { mp4Bytes } from "../../fixtures/media-files";
import { authorize, completeCallback, sandbox, uid, type ConnectedAccountBody } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { sleep } from "../../fixtures/sleep";

/**
 * LinkedIn processes a video after its upload; a post may name it only once it is AVAILABLE. The
 * real worker publishes to the stack's sandbox, which takes `processingSeconds` to process a video
 * and refuses a post naming one still PROCESSING.
 */

type Client = Awaited<ReturnType<typeof registeredClient>>["client"];
interface PostBody {
  id: string;
  status: string;
  pages: { pageId: string; status: string; error: { message: string } | null }[];
}

afterEach(async () => {
  // Back to the sandbox's defaults for the files that follow.
  await sandbox().setLinkedInVideos({ processingSeconds: 2, failNext: 0 });
});

async function connectLinkedIn(client: Client) {
  const li = await completeCallback(
    client,
    "linkedin",
    await authorize(client, "linkedin", { email: `video-${uid()}@example.com` }),
  );
  const account = (await client.post("/api/social/connect/linkedin", { userAccessToken: li.userAccessToken })).body
    .data as ConnectedAccountBody;
  return { pageId: account.pages[0]!.id, sub: li.accountId };
}

async function publishVideo(client: Client, pageId: string, content: string): Promise<PostBody> {
  const body = new FormData();
  body.append("media", new Blob([new Uint8Array(mp4Bytes(200 * 1024))]), "oven.mp4");
  const uploaded = await client.request("POST", "/api/media/upload", { body });
  expect(uploaded.status, uploaded.text).toBe(201);
  const media = uploaded.body.data as MediaItem[];
  const draft = await client.post("/api/social/posts", {
    pages: [{ type: "post", pageId, platform: "linkedin" }],
    content,
    media: media.map((item) => item.filename),
  });
  expect(draft.status, draft.text).toBe(201);
  const id = (draft.body.post as PostBody).id;
  expect((await client.post(`/api/post/${id}/publish`, {})).status).toBe(200);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const post = (await client.get(`/api/post/${id}`)).body.post as PostBody;
    if (post.status === "published" || post.status === "failed" || Date.now() > deadline) return post;
    await sleep(250);
  }
}

describe("LinkedIn videos", () => {
  it(
    "a video post waits until LinkedIn has processed the video, then is published once",
    { timeout: 90_000 },
    async () => {
      await sandbox().setLinkedInVideos({ processingSeconds: 4 });
      const { client } = await registeredClient();
      const to = await connectLinkedIn(client);
      const content = `Proving dough ${uid()}`;
      const post = await publishVideo(client, to.pageId, content);
      expect(post.status, JSON.stringify(post.pages)).toBe("published");

      const published = await sandbox().publishedPosts({ platform: "linkedin", target: to.sub });
      expect(published).toHaveLength(1);
      expect(published[0]!.mediaIds).toEqual([expect.stringMatching(/^urn:li:video:/)]);
      // initializeUpload, the part, finalizeUpload, then status reads until AVAILABLE, then one post
      // (the sandbox refuses a post naming a video still PROCESSING, so none came early).
      const calls = await sandbox().publishCalls({ platform: "linkedin", target: to.sub });
      const operations = calls.map((entry) => entry.operation);
      expect(operations.slice(0, 3)).toEqual(["media", "media", "media"]);
      expect(operations.slice(3, -1).length).toBeGreaterThanOrEqual(2);
      expect(operations.slice(3, -1).every((operation) => operation === "media")).toBe(true);
      expect(calls.at(-1)).toMatchObject({ operation: "post", status: 201 });
      expect(calls.at(-1)!.atMs - calls[2]!.atMs).toBeGreaterThanOrEqual(4_000);
      const [target] = await testDb().select().from(postTargets).where(eq(postTargets.pageId, to.pageId));
      expect(target).toMatchObject({ status: "published", attempts: 1 });
    },
  );

  it(
    "a video LinkedIn cannot process fails the post with the file and LinkedIn's reason, and posts nothing",
    { timeout: 90_000 },
    async () => {
      await sandbox().setLinkedInVideos({ failNext: 1, failureReason: "The video codec is not supported" });
      const { client } = await registeredClient();
      const to = await connectLinkedIn(client);
      const post = await publishVideo(client, to.pageId, `Burnt crust ${uid()}`);
      expect(post.status).toBe("failed");
      expect(post.pages[0]!.error?.message).toBe(
        'LinkedIn could not process "oven.mp4": The video codec is not supported. Change the post\'s media and publish it again.',
      );
      expect(await sandbox().publishedPosts({ platform: "linkedin", target: to.sub })).toEqual([]);
      const [target] = await testDb().select().from(postTargets).where(eq(postTargets.pageId, to.pageId));
      // Definitive: not retried.
      expect(target).toMatchObject({ status: "failed", attempts: 1, errorCode: "invalid_media" });
    },
  );
});
