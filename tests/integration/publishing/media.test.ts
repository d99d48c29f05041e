import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postTargets } from "@/db/schema";
import type { MediaItem } from "@/lib/media/schemas";
import { registeredClient } from "../../fixtures/api-client";
import { mp4Bytes, pngBytes } from "../../fixtures/media-files";
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

/** Posts with images and videos, published by the real worker to the sandbox's Facebook, X and LinkedIn. */

type Client = Awaited<ReturnType<typeof registeredClient>>["client"];
type Platform = "facebook" | "twitter" | "linkedin";
interface Destination {
  platform: Platform;
  /** Our page row's id. */
  pageId: string;
  /** The sandbox's Page id / X user id / LinkedIn sub. */
  target: string;
}
interface PostBody {
  id: string;
  status: string;
  pages: { pageId: string; status: string; platformPostUrl: string | null; error: { message: string } | null }[];
}
interface SandboxMedia {
  platform: Platform;
  owner: string;
  id: string;
  bytes: number;
  contentType: string | null;
  uploaded: boolean;
  kind?: string;
}

async function connectAll(client: Client): Promise<Record<Platform, Destination>> {
  const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 1));
  const x = await completeCallback(
    client,
    "twitter",
    await authorize(client, "twitter", { username: `media_${uid()}` }),
  );
  const twitterAccount = (await client.post("/api/social/connect/twitter", { userAccessToken: x.userAccessToken })).body
    .data as ConnectedAccountBody;
  const li = await completeCallback(
    client,
    "linkedin",
    await authorize(client, "linkedin", { email: `media-${uid()}@example.com` }),
  );
  const liAccount = (await client.post("/api/social/connect/linkedin", { userAccessToken: li.userAccessToken })).body
    .data as ConnectedAccountBody;
  return {
    facebook: { platform: "facebook", pageId: account.pages[0]!.id, target: fbUser.pages[0]!.id },
    twitter: { platform: "twitter", pageId: twitterAccount.pages[0]!.id, target: x.accountId },
    linkedin: { platform: "linkedin", pageId: liAccount.pages[0]!.id, target: li.accountId },
  };
}

async function upload(client: Client, files: { name: string; bytes: Uint8Array }[]): Promise<MediaItem[]> {
  const body = new FormData();
  for (const file of files) body.append("media", new Blob([new Uint8Array(file.bytes)]), file.name);
  const response = await client.request("POST", "/api/media/upload", { body });
  expect(response.status, response.text).toBe(201);
  return response.body.data as MediaItem[];
}

async function publishWithMedia(
  client: Client,
  to: Destination[],
  media: MediaItem[],
  content: string,
): Promise<PostBody> {
  const draft = await client.post("/api/social/posts", {
    pages: to.map((destination) => ({ type: "post", pageId: destination.pageId, platform: destination.platform })),
    content,
    media: media.map((item) => item.filename),
  });
  expect(draft.status, draft.text).toBe(201);
  const id = (draft.body.post as PostBody).id;
  expect((await client.post(`/api/post/${id}/publish`, {})).status).toBe(200);
  const deadline = Date.now() + 45_000;
  for (;;) {
    const post = (await client.get(`/api/post/${id}`)).body.post as PostBody;
    if (post.status === "published" || post.status === "failed" || Date.now() > deadline) return post;
    await sleep(250);
  }
}

async function uploadedTo(destination: Destination): Promise<SandboxMedia[]> {
  const state = (await sandbox().state()) as { publish: { media: SandboxMedia[] } };
  return state.publish.media.filter(
    (item) => item.platform === destination.platform && item.owner === destination.target,
  );
}

const postsOn = (destination: Destination) =>
  sandbox().publishedPosts({ platform: destination.platform, target: destination.target });
const callsOn = (destination: Destination) =>
  sandbox().publishCalls({ platform: destination.platform, target: destination.target });
const operations = async (destination: Destination) => (await callsOn(destination)).map((call) => call.operation);

describe("publishing posts with media", () => {
  it(
    "two images go out with the post on Facebook, X and LinkedIn, in order, each file uploaded once",
    { timeout: 90_000 },
    async () => {
      const { client } = await registeredClient();
      const to = await connectAll(client);
      const images = [pngBytes(320, 240, [200, 30, 30]), pngBytes(240, 320, [30, 30, 200])];
      const media = await upload(client, [
        { name: "red.png", bytes: images[0]! },
        { name: "blue.png", bytes: images[1]! },
      ]);
      const content = `Two loaves ${uid()}`;
      const post = await publishWithMedia(client, Object.values(to), media, content);
      expect(post.status, JSON.stringify(post.pages)).toBe("published");

      for (const destination of Object.values(to)) {
        const uploads = await uploadedTo(destination);
        expect(uploads.map((item) => [item.bytes, item.uploaded])).toEqual(images.map((bytes) => [bytes.length, true]));
        const [published, ...others] = (await postsOn(destination)).filter((item) => item.published);
        expect(others).toEqual([]);
        // The post carries the uploaded media, in the post's order.
        expect(published!.mediaIds).toEqual(uploads.map((item) => item.id));
        expect(published!.text.replace(/\\/g, "")).toBe(content);
      }
      // Facebook: two unpublished photos, then one feed post attaching them; X: two uploads, one tweet;
      // LinkedIn: initializeUpload + PUT per image, one post.
      expect(await operations(to.facebook)).toEqual(["media", "media", "post"]);
      expect(await operations(to.twitter)).toEqual(["media", "media", "post"]);
      expect(await operations(to.linkedin)).toEqual(["media", "media", "media", "media", "post"]);
      expect((await uploadedTo(to.linkedin)).every((item) => item.id.startsWith("urn:li:image:"))).toBe(true);
    },
  );

  it(
    "a video: a Facebook Page video, X's chunked upload processed before the tweet, LinkedIn's Videos API",
    { timeout: 90_000 },
    async () => {
      const { client } = await registeredClient();
      const to = await connectAll(client);
      // Over one 4 MB segment (X) and part (LinkedIn): the file is read from storage in slices.
      const video = mp4Bytes(4.5 * 1024 * 1024);
      const media = await upload(client, [{ name: "oven.mp4", bytes: video }]);
      const post = await publishWithMedia(client, Object.values(to), media, `Inside the oven ${uid()}`);
      expect(post.status, JSON.stringify(post.pages)).toBe("published");

      for (const destination of Object.values(to)) {
        const [uploaded, ...more] = await uploadedTo(destination);
        expect(more).toEqual([]);
        expect(uploaded).toMatchObject({ kind: "video", bytes: video.length, uploaded: true });
        const [published] = await postsOn(destination);
        expect(published!.mediaIds).toEqual([uploaded!.id]);
      }
      // Facebook: the id of the video's story as Graph named it (post_id), not `{page}_{video}`.
      const [facebookVideo] = await uploadedTo(to.facebook);
      const [facebookStory] = await postsOn(to.facebook);
      const [target] = await testDb().select().from(postTargets).where(eq(postTargets.pageId, to.facebook.pageId));
      expect(target!.platformPostId).toBe(facebookStory!.id);
      expect(target!.platformPostId).not.toBe(`${to.facebook.target}_${facebookVideo!.id}`);
      // X: INIT, two APPENDs, FINALIZE, at least one STATUS poll, then the tweet (the sandbox refuses
      // a tweet naming a video still processing, and a FINALIZE whose segments do not add up).
      const twitterCalls = await operations(to.twitter);
      expect(twitterCalls.at(-1)).toBe("post");
      expect(twitterCalls.filter((operation) => operation === "media").length).toBeGreaterThanOrEqual(5);
      // LinkedIn: initializeUpload, a PUT per 4 MB part (each checked for its exact size), finalizeUpload,
      // then status reads until the video is AVAILABLE (the sandbox refuses a post naming it earlier).
      const linkedinCalls = await operations(to.linkedin);
      expect(linkedinCalls.slice(0, 4)).toEqual(["media", "media", "media", "media"]);
      expect(linkedinCalls.slice(4)).toEqual([...linkedinCalls.slice(4, -1).map(() => "media"), "post"]);
      expect(linkedinCalls.length).toBeGreaterThanOrEqual(6);
      expect((await uploadedTo(to.linkedin))[0]!.id).toMatch(/^urn:li:video:/);
    },
  );

  it(
    "five images: X fails on its page with the reason, untouched; Facebook gets all five",
    { timeout: 90_000 },
    async () => {
      const { client } = await registeredClient();
      const to = await connectAll(client);
      const media = await upload(
        client,
        [1, 2, 3, 4, 5].map((n) => ({ name: `loaf-${n}.png`, bytes: pngBytes(220 + n, 220, [n * 40, 90, 90]) })),
      );
      const post = await publishWithMedia(client, [to.facebook, to.twitter], media, `Five loaves ${uid()}`);
      expect(post.status).toBe("failed");
      const onTwitter = post.pages.find((page) => page.pageId === to.twitter.pageId)!;
      const onFacebook = post.pages.find((page) => page.pageId === to.facebook.pageId)!;
      expect(onTwitter.status).toBe("failed");
      expect(onTwitter.error?.message).toBe(
        "X accepts up to 4 images per post; this post has 5. Change the post's media and publish it again.",
      );
      expect(onFacebook.status).toBe("published");
      expect((await postsOn(to.facebook))[0]!.mediaIds).toHaveLength(5);
      // Refused before anything was sent to X, and not retried.
      expect(await callsOn(to.twitter)).toEqual([]);
      const [target] = await testDb().select().from(postTargets).where(eq(postTargets.pageId, to.twitter.pageId));
      expect(target).toMatchObject({ attempts: 1, errorCode: "invalid_media" });
    },
  );

  it(
    "an image post whose answer was lost is found on the platform afterwards, not posted twice",
    { timeout: 90_000 },
    async () => {
      const { client } = await registeredClient();
      const to = await connectAll(client);
      for (const destination of [to.facebook, to.twitter])
        await sandbox().publishFaults({
          platform: destination.platform,
          kind: "server_error",
          afterAccept: true,
          target: destination.target,
        });
      const media = await upload(client, [{ name: "crust.png", bytes: pngBytes(300, 300) }]);
      const post = await publishWithMedia(client, [to.facebook, to.twitter], media, `Lost answer ${uid()}`);
      expect(post.status, JSON.stringify(post.pages)).toBe("published");
      for (const destination of [to.facebook, to.twitter]) {
        const posts = await postsOn(destination);
        expect(posts).toHaveLength(1);
        expect(await operations(destination)).toContain("lookup");
        const [target] = await testDb().select().from(postTargets).where(eq(postTargets.pageId, destination.pageId));
        expect(target!.platformPostId).toBe(posts[0]!.id);
      }
      // X's lookup reads a few posts from just before the send, not the last hundred.
      const lookup = (await callsOn(to.twitter)).find((call) => call.operation === "lookup")!;
      const asked = new URLSearchParams(lookup.query);
      expect(asked.get("max_results")).toBe("10");
      const [xTarget] = await testDb().select().from(postTargets).where(eq(postTargets.pageId, to.twitter.pageId));
      expect(asked.get("start_time")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(Date.parse(asked.get("start_time")!)).toBe(
        Math.floor((xTarget!.sentAt!.getTime() - 60_000) / 1000) * 1000,
      );
    },
  );
});
