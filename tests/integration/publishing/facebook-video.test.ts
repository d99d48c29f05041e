import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postTargets, type PostTarget } from "@/db/schema";
import type { MediaItem } from "@/lib/media/schemas";
import { registeredClient } from "../../fixtures/api-client";
import { mp4Bytes } from "../../fixtures/media-files";
import { connectFacebook, sandbox, storedTokens, uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { sleep } from "../../fixtures/sleep";
import { testStack } from "../../fixtures/test-stack";

/**
 * Facebook Page videos published by the real worker: the Resumable Upload API, the video published
 * on graph-video with the handle, processing awaited, and the story's id taken from Graph's answer.
 * Also what a publish says when the Page's token lost pages_manage_posts.
 */

type Client = Awaited<ReturnType<typeof registeredClient>>["client"];
interface PostBody {
  id: string;
  status: string;
  pages: { pageId: string; status: string; platformPostUrl: string | null; error: { message: string } | null }[];
}
interface SandboxVideo {
  id: string;
  pageId: string;
  postId: string;
  readyAt: number;
}

async function upload(client: Client, name: string, bytes: Uint8Array): Promise<MediaItem[]> {
  const body = new FormData();
  body.append("media", new Blob([new Uint8Array(bytes)]), name);
  const response = await client.request("POST", "/api/media/upload", { body });
  expect(response.status, response.text).toBe(201);
  return response.body.data as MediaItem[];
}

/** Creates the post and asks to publish it now; returns its id. */
async function startPublish(client: Client, pageId: string, content: string, media: MediaItem[]): Promise<string> {
  const draft = await client.post("/api/social/posts", {
    pages: [{ type: "post", pageId, platform: "facebook" }],
    content,
    media: media.map((item) => item.filename),
  });
  expect(draft.status, draft.text).toBe(201);
  const id = (draft.body.post as PostBody).id;
  expect((await client.post(`/api/post/${id}/publish`, {})).status).toBe(200);
  return id;
}

/** The post once it is published or failed (or as it is after 45 s). */
async function settled(client: Client, id: string): Promise<PostBody> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const post = (await client.get(`/api/post/${id}`)).body.post as PostBody;
    if (post.status === "published" || post.status === "failed" || Date.now() > deadline) return post;
    await sleep(250);
  }
}

async function publish(client: Client, pageId: string, content: string, media: MediaItem[] = []): Promise<PostBody> {
  return settled(client, await startPublish(client, pageId, content, media));
}

/** The page's target row once `check` holds for it (polled, 30 s at most). */
async function targetWhen(pageId: string, check: (row: PostTarget) => boolean): Promise<PostTarget> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [row] = await testDb().select().from(postTargets).where(eq(postTargets.pageId, pageId));
    if (row && check(row)) return row;
    if (Date.now() > deadline) throw new Error(`page ${pageId} never reached the state; last: ${JSON.stringify(row)}`);
    await sleep(200);
  }
}

async function videosOf(pageId: string): Promise<SandboxVideo[]> {
  const state = (await sandbox().state()) as { facebookVideos: { videos: SandboxVideo[] } };
  return state.facebookVideos.videos.filter((video) => video.pageId === pageId);
}

async function callsOn(pageOrUser: string) {
  return sandbox().publishCalls({ platform: "facebook", target: pageOrUser });
}

describe("Facebook video posts", () => {
  it(
    "go through an upload session and graph-video; the stored post id is the one Graph answered, and the story appeared only once processed",
    { timeout: 90_000 },
    async () => {
      const { client } = await registeredClient();
      const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 1));
      const page = account.pages[0]!;
      const target = fbUser.pages[0]!.id;
      const video = mp4Bytes(1.5 * 1024 * 1024);
      const media = await upload(client, "oven.mp4", video);
      const content = `Inside the oven ${uid()}`;
      const post = await publish(client, page.id, content, media);
      expect(post.status, JSON.stringify(post.pages)).toBe("published");

      const [uploaded, ...others] = await videosOf(target);
      expect(others).toEqual([]);
      const [story, ...more] = await sandbox().publishedPosts({ platform: "facebook", target });
      expect(more).toEqual([]);
      expect(story).toMatchObject({ id: uploaded!.postId, text: content, mediaIds: [uploaded!.id] });
      const [row] = await testDb().select().from(postTargets).where(eq(postTargets.pageId, page.id));
      expect(row!.platformPostId).toBe(uploaded!.postId);
      expect(row!.platformPostId).not.toBe(`${target}_${uploaded!.id}`);
      expect(post.pages[0]!.platformPostUrl).toBe(`https://www.facebook.com/${uploaded!.postId}`);
      // On the feed only from the end of processing.
      expect(Date.parse(story!.createdAt)).toBeGreaterThanOrEqual(uploaded!.readyAt);

      // The bytes went through a session of the app, started with the user's token, in full.
      const state = (await sandbox().state()) as {
        facebookVideos: { sessions: { userId: string; fileLength: number; offset: number; handle: string | null }[] };
      };
      const sessions = state.facebookVideos.sessions.filter((session) => session.userId === fbUser.id);
      expect(sessions).toEqual([
        expect.objectContaining({ fileLength: video.length, offset: video.length, handle: expect.any(String) }),
      ]);
      expect((await callsOn(fbUser.id)).map((call) => call.operation)).toEqual(["media", "media"]);
      const pageCalls = await callsOn(target);
      // The worker's engagement reads ("metrics") start once the page is published; they are not publishing.
      const publishing = pageCalls.filter((call) => call.operation !== "lookup" && call.operation !== "metrics");
      expect(publishing.map((call) => call.operation)).toEqual(["post"]);
      // Then only reads of the video's status, until it was ready.
      expect(pageCalls.filter((call) => call.operation === "lookup").length).toBeGreaterThan(0);
      for (const call of pageCalls.filter((item) => item.operation === "lookup"))
        expect(call.query).toContain("fields=status%2Cpost_id%2Cpermalink_url");
    },
  );

  it(
    "an upload that breaks off is resumed from the offset Facebook reports, not sent again from the start",
    { timeout: 90_000 },
    async () => {
      const { client } = await registeredClient();
      const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 1));
      const page = account.pages[0]!;
      const video = mp4Bytes(1024 * 1024);
      const interrupted = await fetch(
        `${testStack().sandboxUrl}/_control/facebook/users/${fbUser.id}/interrupt-next-upload`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ afterBytes: 300_000 }),
        },
      );
      expect(interrupted.status).toBe(200);
      const media = await upload(client, "proof.mp4", video);
      const post = await publish(client, page.id, `Proofing ${uid()}`, media);
      expect(post.status, JSON.stringify(post.pages)).toBe("published");
      const state = (await sandbox().state()) as {
        facebookVideos: { sessions: { userId: string; offset: number; chunks: number[] }[] };
      };
      const sessions = state.facebookVideos.sessions.filter((session) => session.userId === fbUser.id);
      expect(sessions).toEqual([
        expect.objectContaining({ offset: video.length, chunks: [300_000, video.length - 300_000] }),
      ]);
      expect(await sandbox().publishedPosts({ platform: "facebook", target: fbUser.pages[0]!.id })).toHaveLength(1);
    },
  );

  it(
    "a video Facebook fails to process fails the page with Facebook's reason, and is not retried",
    { timeout: 90_000 },
    async () => {
      const { client } = await registeredClient();
      const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 1));
      const page = account.pages[0]!;
      const target = fbUser.pages[0]!.id;
      const failed = await fetch(`${testStack().sandboxUrl}/_control/facebook/pages/${target}/fail-next-video`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message: "The video's audio track cannot be decoded." }),
      });
      expect(failed.status).toBe(200);
      const media = await upload(client, "crust.mp4", mp4Bytes(256 * 1024));
      const post = await publish(client, page.id, `Crust ${uid()}`, media);
      expect(post.status).toBe("failed");
      expect(post.pages[0]!.error?.message).toBe(
        `Facebook could not process "crust.mp4": The video's audio track cannot be decoded. Change the post's media and publish it again.`,
      );
      expect(await sandbox().publishedPosts({ platform: "facebook", target })).toEqual([]);
      const [row] = await testDb().select().from(postTargets).where(eq(postTargets.pageId, page.id));
      expect(row).toMatchObject({ attempts: 1, errorCode: "invalid_media", platformPostId: null });
    },
  );
});

describe("a Facebook video Graph has accepted is never sent again", () => {
  it(
    "one still processing when an attempt's wait ends is followed by its id later, then recorded once; nothing is uploaded again",
    { timeout: 90_000 },
    async () => {
      const { client } = await registeredClient();
      const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 1));
      const page = account.pages[0]!;
      const target = fbUser.pages[0]!.id;
      // An hour of processing: far past the test stack's 3 s wait per attempt (PUBLISH_VIDEO_WAIT_SECONDS).
      await sandbox().slowNextFacebookVideo(target, 3600);
      const media = await upload(client, "slow-rise.mp4", mp4Bytes(256 * 1024));
      const id = await startPublish(client, page.id, `Slow rise ${uid()}`, media);

      const waiting = await targetWhen(page.id, (row) => row.errorCode === "processing");
      const [video, ...others] = await videosOf(target);
      expect(others).toEqual([]);
      expect(waiting).toMatchObject({ acceptedMediaId: video!.id, platformPostId: null });
      expect(await sandbox().publishedPosts({ platform: "facebook", target })).toEqual([]);
      const whileWaiting = (await client.get(`/api/post/${id}`)).body.post as PostBody;
      expect(whileWaiting.status).toBe("scheduled");

      await sandbox().finishFacebookVideo(video!.id);
      const post = await settled(client, id);
      expect(post.status, JSON.stringify(post.pages)).toBe("published");
      expect(await videosOf(target)).toHaveLength(1);
      const [story, ...more] = await sandbox().publishedPosts({ platform: "facebook", target });
      expect(more).toEqual([]);
      expect(story!.id).toBe(video!.postId);
      const [row] = await testDb().select().from(postTargets).where(eq(postTargets.pageId, page.id));
      // Waiting on processing is not a failed attempt: only the claim that recorded it counts.
      expect(row).toMatchObject({ status: "published", platformPostId: video!.postId, attempts: 1, errorCode: null });
      const state = (await sandbox().state()) as { facebookVideos: { sessions: { userId: string }[] } };
      expect(state.facebookVideos.sessions.filter((session) => session.userId === fbUser.id)).toHaveLength(1);
      expect((await callsOn(target)).filter((call) => call.operation === "post")).toHaveLength(1);
    },
  );

  it(
    "one still processing six hours after it was sent fails the page with the reason, keeps its id, and is not polled again",
    { timeout: 90_000 },
    async () => {
      const { client } = await registeredClient();
      const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 1));
      const page = account.pages[0]!;
      const target = fbUser.pages[0]!.id;
      await sandbox().slowNextFacebookVideo(target, 86_400);
      const media = await upload(client, "proving.mp4", mp4Bytes(256 * 1024));
      const id = await startPublish(client, page.id, `Proving ${uid()}`, media);
      await targetWhen(page.id, (row) => row.errorCode === "processing");
      const [video] = await videosOf(target);
      // Six hours and a minute pass (the engine reads the age of the send from the row).
      await testDb()
        .update(postTargets)
        .set({ sentAt: new Date(Date.now() - 6 * 3_600_000 - 60_000) })
        .where(eq(postTargets.pageId, page.id));

      const post = await settled(client, id);
      expect(post.status).toBe("failed");
      expect(post.pages[0]!.error?.message).toBe(
        "Facebook has been processing the video for over 6 hours. Check it on Facebook; publishing again looks at the same video and never uploads it twice.",
      );
      const [row] = await testDb().select().from(postTargets).where(eq(postTargets.pageId, page.id));
      expect(row).toMatchObject({ errorCode: "processing_timeout", acceptedMediaId: video!.id, nextAttemptAt: null });
      // Failed is final: no status checks after it.
      const looks = (await callsOn(target)).filter((call) => call.operation === "lookup").length;
      await sleep(5_000);
      expect((await callsOn(target)).filter((call) => call.operation === "lookup")).toHaveLength(looks);
      expect(await videosOf(target)).toHaveLength(1);
      expect(await sandbox().publishedPosts({ platform: "facebook", target })).toEqual([]);
    },
  );

  it(
    "a 5xx on a status check leaves the video to be followed by its id: no second upload, no feed lookup",
    { timeout: 90_000 },
    async () => {
      const { client } = await registeredClient();
      const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 1));
      const page = account.pages[0]!;
      const target = fbUser.pages[0]!.id;
      await sandbox().slowNextFacebookVideo(target, 3600);
      await sandbox().publishFaults({ platform: "facebook", kind: "server_error", target, operations: ["lookup"] });
      const media = await upload(client, "crumb.mp4", mp4Bytes(256 * 1024));
      const id = await startPublish(client, page.id, `Crumb ${uid()}`, media);

      // The next attempt after the 5xx follows the same video until its wait ends.
      await targetWhen(page.id, (row) => row.errorCode === "processing");
      const [video, ...others] = await videosOf(target);
      expect(others).toEqual([]);
      const lookups = (await callsOn(target)).filter((call) => call.operation === "lookup");
      expect(lookups[0]!.status).toBe(500);
      expect(lookups.length).toBeGreaterThan(1);
      for (const call of lookups) expect(call.query).toContain("fields=status%2Cpost_id%2Cpermalink_url");

      await sandbox().finishFacebookVideo(video!.id);
      const post = await settled(client, id);
      expect(post.status, JSON.stringify(post.pages)).toBe("published");
      expect(await videosOf(target)).toHaveLength(1);
      expect(await sandbox().publishedPosts({ platform: "facebook", target })).toHaveLength(1);
      const state = (await sandbox().state()) as { facebookVideos: { sessions: { userId: string }[] } };
      expect(state.facebookVideos.sessions.filter((session) => session.userId === fbUser.id)).toHaveLength(1);
      const [row] = await testDb().select().from(postTargets).where(eq(postTargets.pageId, page.id));
      // The 5xx counted as an attempt; the wait did not.
      expect(row).toMatchObject({ status: "published", platformPostId: video!.postId, attempts: 2 });
    },
  );
});

describe("a Page token without pages_manage_posts", () => {
  it(
    "fails the publish with the spec's 'no permission to publish' message and posts nothing",
    { timeout: 60_000 },
    async () => {
      const { client } = await registeredClient();
      const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 1));
      const page = account.pages[0]!;
      const target = fbUser.pages[0]!.id;
      // The person takes the permission back in their Facebook settings, after connecting.
      const [userToken] = (await storedTokens(account.id)).map((token) => token.plaintext);
      const revoked = await fetch(
        `${testStack().sandboxUrl}/facebook/graph/v25.0/me/permissions/pages_manage_posts?access_token=${encodeURIComponent(userToken!)}`,
        { method: "DELETE" },
      );
      expect(await revoked.json()).toEqual({ success: true });

      const post = await publish(client, page.id, `No permission ${uid()}`);
      expect(post.status).toBe("failed");
      expect(post.pages[0]!.error?.message).toBe("You don't have permission to publish to this Facebook page.");
      expect(await sandbox().publishedPosts({ platform: "facebook", target })).toEqual([]);
    },
  );
});
