import type { ChildProcess } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { media, postMedia, posts, postTargets, type PostTarget } from "@/db/schema";
import type { MediaItem } from "@/lib/media/schemas";
import { registeredClient } from "../../fixtures/api-client";
import { mp4Bytes } from "../../fixtures/media-files";
import { publishingWorld, sandbox, type World } from "../../fixtures/publishing";
import { testDb } from "../../fixtures/test-db";
import { crashWorker, spawnWorker, stopChild } from "../../setup/stack";
import { sleep } from "../../fixtures/sleep";

/**
 * A worker killed while it waits for Facebook to process a video it has already published: the
 * worker that takes the page over must follow that video by its recorded id, never upload it
 * again. Own database and Redis prefix (publishingWorld), so only the workers started here run.
 */

let world: World;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  world = await publishingWorld();
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map(stopChild));
});

afterAll(async () => {
  await world.close();
});

async function targetWhen(targetId: string, check: (row: PostTarget) => boolean): Promise<PostTarget> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const [row] = await world.db.select().from(postTargets).where(eq(postTargets.id, targetId));
    if (row && check(row)) return row;
    if (Date.now() > deadline) throw new Error(`target never reached the state; last: ${JSON.stringify(row)}`);
    await sleep(200);
  }
}

/** An MP4 in the app's media storage (uploaded through the app), recorded for `userId` in this world. */
async function storedVideo(userId: string): Promise<string> {
  const { client } = await registeredClient();
  const body = new FormData();
  body.append("media", new Blob([new Uint8Array(mp4Bytes(256 * 1024))]), "late-shift.mp4");
  const response = await client.request("POST", "/api/media/upload", { body });
  expect(response.status, response.text).toBe(201);
  const [uploaded] = response.body.data as MediaItem[];
  const [row] = await testDb().select().from(media).where(eq(media.filename, uploaded!.filename));
  const [copy] = await world.db
    .insert(media)
    .values({ ...row!, id: undefined, workspaceId: userId, createdAt: undefined })
    .returning({ id: media.id });
  return copy!.id;
}

describe("a worker killed while Facebook processes the video it published", () => {
  it(
    "the worker that takes the page over follows the recorded video id: one upload, one video, one story",
    { timeout: 120_000 },
    async () => {
      const { userId, pages } = await world.connectPages(1);
      const page = pages[0]!;
      const mediaId = await storedVideo(userId);
      const [post] = await world.db
        .insert(posts)
        .values({
          workspaceId: userId,
          content: "Late shift at the bakery",
          status: "scheduled",
          scheduledAt: new Date(),
          scheduleVersion: 1,
        })
        .returning();
      await world.db.insert(postMedia).values({ postId: post!.id, mediaId, position: 0 });
      const [target] = await world.db
        .insert(postTargets)
        .values({ postId: post!.id, pageId: page.id, platform: "facebook", pageName: page.name })
        .returning();
      await sandbox().slowNextFacebookVideo(page.pageId, 3600);

      // A worker that would wait ten minutes for processing; it finds the post by reconciling.
      const first = spawnWorker({ ...world.env, PUBLISH_VIDEO_WAIT_SECONDS: "600" });
      workers.push(first);
      const accepted = await targetWhen(target!.id, (row) => row.acceptedMediaId !== null);
      expect(accepted.status).toBe("publishing");
      crashWorker(first);

      // The replacement takes the stale page over, reads the video's status (still processing) and waits.
      workers.push(spawnWorker(world.env));
      await targetWhen(target!.id, (row) => row.errorCode === "processing");
      const videos = () =>
        sandbox()
          .state()
          .then((state) =>
            (
              state as { facebookVideos: { videos: { id: string; pageId: string; postId: string }[] } }
            ).facebookVideos.videos.filter((video) => video.pageId === page.pageId),
          );
      const [video, ...others] = await videos();
      expect(others).toEqual([]);
      expect(video!.id).toBe(accepted.acceptedMediaId);

      await sandbox().finishFacebookVideo(video!.id);
      const done = await targetWhen(target!.id, (row) => row.status === "published");
      expect(done.platformPostId).toBe(video!.postId);
      expect(await videos()).toHaveLength(1);
      expect(await sandbox().publishedPosts({ platform: "facebook", target: page.pageId })).toHaveLength(1);
      const calls = await sandbox().publishCalls({ platform: "facebook", target: page.pageId });
      expect(calls.filter((call) => call.operation === "post")).toHaveLength(1);
    },
  );
});
