import { DEFAULT_LINKEDIN_VERSION } from "@/lib/networks/server/api-versions";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { facebookPageTokens, linkedInToken, twitterToken } from "../../../sandbox/testing-tokens";
import { call } from "../../fixtures/fetch-json";
import { ownSandbox } from "../../fixtures/own-sandbox";
import { sleep } from "../../fixtures/sleep";

/** The sandbox's video and chunked uploads (Facebook videos, X INIT/APPEND/FINALIZE/STATUS, LinkedIn Videos API) and its call log. */

const bakery = { id: "333333333333333", name: "Ada's Bakery", category: "Bakery" };
const ada = { id: "100000000000043", name: "Ada Lovelace", email: "ada@example.com", pages: [bakery] };
const LI_HEADERS = {
  "LinkedIn-Version": DEFAULT_LINKEDIN_VERSION,
  "X-Restli-Protocol-Version": "2.0.0",
  "content-type": "application/json",
};

const sandbox = ownSandbox((control) => control.defineFacebookUser(ada));

const multipart = (fields: Record<string, string | Blob>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
};

describe("Facebook Page videos", () => {
  const uploadSession = async (user: string, bytes: number, fileType = "video/mp4") =>
    call(
      `${sandbox.url}/facebook/graph/v25.0/sandbox-facebook-client/uploads?${new URLSearchParams({
        file_name: "oven.mp4",
        file_length: String(bytes),
        file_type: fileType,
        access_token: user,
      })}`,
      { method: "POST" },
    );
  const send = (session: string, user: string, offset: number, bytes: Buffer) =>
    call(`${sandbox.url}/facebook/graph/v25.0/${session}`, {
      method: "POST",
      headers: { authorization: `OAuth ${user}`, file_offset: String(offset) },
      body: new Uint8Array(bytes),
    });

  it("resumable upload: a session, the bytes from the offset Graph reports, then a handle; a Page token cannot start one", async () => {
    const { user, pages } = await facebookPageTokens(sandbox.url);
    const file = randomBytes(5000);
    const started = await uploadSession(user, file.length);
    expect(started.status).toBe(200);
    expect(started.headers.get("facebook-api-version")).toBe("v25.0");
    const session = String(started.body.id);
    expect(session).toMatch(/^upload:/);

    // Part of the file, then an interruption: Graph says where to go on from.
    expect((await send(session, user, 0, file.subarray(0, 2000))).body).toEqual({ id: session, file_offset: 2000 });
    const status = await call(`${sandbox.url}/facebook/graph/v25.0/${session}`, {
      headers: { authorization: `OAuth ${user}` },
    });
    expect(status.body).toEqual({ id: session, file_offset: 2000 });
    const wrongOffset = await send(session, user, 0, file);
    expect(wrongOffset.body.error).toMatchObject({ code: 100, message: expect.stringContaining("resume from 2000") });
    const finished = await send(session, user, 2000, file.subarray(2000));
    expect(finished.body).toEqual({ h: expect.any(String) as unknown });

    // The documented header form only, the user's token only, the documented file types only.
    const bearer = await call(`${sandbox.url}/facebook/graph/v25.0/${session}`, {
      headers: { authorization: `Bearer ${user}` },
    });
    expect(bearer.body.error).toMatchObject({ code: 104 });
    expect((await uploadSession(pages[bakery.id]!, 10)).body.error).toMatchObject({ code: 200 });
    expect((await uploadSession(user, 10, "video/quicktime")).body.error).toMatchObject({ code: 100 });
  });

  it("a handle published on graph-video is processed first: the story, with its own id, is on the feed only when ready", async () => {
    const { user, pages } = await facebookPageTokens(sandbox.url);
    const token = pages[bakery.id]!;
    const file = randomBytes(4096);
    const session = String((await uploadSession(user, file.length)).body.id);
    const handle = String((await send(session, user, 0, file)).body.h);
    const published = await call(`${sandbox.url}/facebook/graph-video/v25.0/${bakery.id}/videos`, {
      method: "POST",
      body: new URLSearchParams({ fbuploader_video_file_chunk: handle, description: "Kneading", access_token: token }),
    });
    expect(published.status).toBe(200);
    expect(published.body).toEqual({ id: expect.stringMatching(/^\d+$/) as unknown });
    const videoId = String(published.body.id);
    const video = () =>
      call(`${sandbox.url}/facebook/graph/v25.0/${videoId}?fields=status,post_id&access_token=${token}`);
    const feed = async () =>
      (await call(`${sandbox.url}/facebook/graph/v25.0/${bakery.id}/feed?access_token=${token}`)).body.data;

    expect((await video()).body).toMatchObject({ id: videoId, status: { video_status: "processing" } });
    expect((await video()).body.post_id).toBeUndefined();
    expect(await feed()).toEqual([]);

    await sandbox.control.advanceClock(2);
    const ready = (await video()).body;
    expect(ready).toMatchObject({ status: { video_status: "ready", processing_phase: { status: "complete" } } });
    expect(ready.post_id).toMatch(new RegExp(`^${bakery.id}_\\d+$`));
    expect(ready.post_id).not.toBe(`${bakery.id}_${videoId}`);
    expect(await feed()).toEqual([expect.objectContaining({ id: ready.post_id, message: "Kneading" })]);

    // The old multipart form still works and is processed the same way; a file that is not a video is refused.
    const multipartVideo = await call(`${sandbox.url}/facebook/graph-video/v25.0/${bakery.id}/videos`, {
      method: "POST",
      body: multipart({ source: new Blob([randomBytes(64)], { type: "video/webm" }), access_token: token }),
    });
    expect(multipartVideo.body).toEqual({ id: expect.any(String) as unknown });
    const notVideo = new Blob([randomBytes(64)], { type: "image/png" });
    const refused = await call(`${sandbox.url}/facebook/graph-video/v25.0/${bakery.id}/videos`, {
      method: "POST",
      body: multipart({ source: notVideo, access_token: token }),
    });
    expect(refused.body.error).toMatchObject({ code: 352 });
  });

  it("a video that fails processing says why in status and never reaches the feed", async () => {
    const { user, pages } = await facebookPageTokens(sandbox.url);
    const token = pages[bakery.id]!;
    expect(
      (
        await call(`${sandbox.url}/_control/facebook/pages/${bakery.id}/fail-next-video`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ message: "The video file is corrupt." }),
        })
      ).status,
    ).toBe(200);
    const file = randomBytes(1024);
    const session = String((await uploadSession(user, file.length)).body.id);
    const handle = String((await send(session, user, 0, file)).body.h);
    const videoId = String(
      (
        await call(`${sandbox.url}/facebook/graph-video/v25.0/${bakery.id}/videos`, {
          method: "POST",
          body: new URLSearchParams({ fbuploader_video_file_chunk: handle, access_token: token }),
        })
      ).body.id,
    );
    await sandbox.control.advanceClock(2);
    const failed = await call(
      `${sandbox.url}/facebook/graph/v25.0/${videoId}?fields=status,post_id&access_token=${token}`,
    );
    expect(failed.body).toEqual({
      id: videoId,
      status: expect.objectContaining({
        video_status: "error",
        processing_phase: {
          status: "error",
          errors: [{ code: expect.any(Number) as unknown, message: "The video file is corrupt." }],
        },
      }) as unknown,
    });
    expect(await sandbox.control.publishedPosts({ platform: "facebook", target: bakery.id })).toEqual([]);
  });
});

describe("X chunked media upload", () => {
  it("INIT, APPEND, FINALIZE, then STATUS until processed; a post must wait for it", async () => {
    const { token } = await twitterToken(sandbox.url);
    const auth = { authorization: `Bearer ${token}` };
    const upload = `${sandbox.url}/x/api/2/media/upload`;
    const init = await call(`${upload}/initialize`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ media_type: "video/mp4", total_bytes: 3000, media_category: "tweet_video" }),
    });
    expect(init.status).toBe(200);
    const id = (init.body.data as { id: string; media_key: string }).id;
    expect((init.body.data as { media_key: string }).media_key).toBe(`7_${id}`);
    for (const [index, size] of [2000, 1000].entries()) {
      const body = multipart({ segment_index: String(index), media: new Blob([randomBytes(size)]) });
      // 200 with the session's end, as X's OpenAPI spec has it (AppendMediaUploadResponse).
      const appended = await call(`${upload}/${id}/append`, { method: "POST", headers: auth, body });
      expect(appended.status).toBe(200);
      expect(appended.body).toEqual({ data: { expires_at: expect.any(Number) } });
    }
    const finalized = await call(`${upload}/${id}/finalize`, { method: "POST", headers: auth });
    expect(finalized.body.data).toMatchObject({ id, size: 3000, processing_info: { state: "pending" } });

    const tweet = (mediaIds: string[]) =>
      call(`${sandbox.url}/x/api/2/tweets`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ text: `Video ${mediaIds.length}`, media: { media_ids: mediaIds } }),
      });
    expect((await tweet([id])).status).toBe(400);
    const status = await call(`${upload}?command=STATUS&media_id=${id}`, { headers: auth });
    expect(status.body.data).toMatchObject({ processing_info: { state: "in_progress" } });
    await sleep(1100);
    const done = await call(`${upload}?command=STATUS&media_id=${id}`, { headers: auth });
    expect(done.body.data).toMatchObject({ processing_info: { state: "succeeded" } });

    const image = await call(upload, {
      method: "POST",
      headers: auth,
      body: multipart({ media_category: "tweet_image", media: new Blob([randomBytes(100)], { type: "image/png" }) }),
    });
    const imageId = (image.body.data as { id: string }).id;
    expect((await tweet([id, imageId])).status).toBe(400);
    expect((await tweet([id])).status).toBe(201);
    const [post] = await sandbox.control.publishedPosts({ platform: "twitter" });
    expect(post!.mediaIds).toEqual([id]);
  });

  it("refuses a FINALIZE whose segments do not add up to the announced size", async () => {
    const { token } = await twitterToken(sandbox.url);
    const auth = { authorization: `Bearer ${token}` };
    const upload = `${sandbox.url}/x/api/2/media/upload`;
    const init = await call(`${upload}/initialize`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ media_type: "video/mp4", total_bytes: 5000, media_category: "tweet_video" }),
    });
    const id = (init.body.data as { id: string }).id;
    await call(`${upload}/${id}/append`, {
      method: "POST",
      headers: auth,
      body: multipart({ segment_index: "0", media: new Blob([randomBytes(10)]) }),
    });
    const finalized = await call(`${upload}/${id}/finalize`, { method: "POST", headers: auth });
    expect(finalized.status).toBe(400);
    expect(JSON.stringify(finalized.body)).toMatch(/size mismatch/);
  });
});

describe("LinkedIn Videos API", () => {
  it("initializeUpload gives 4 MB byte ranges; each PUT answers an ETag; finalizeUpload needs them all in order", async () => {
    const { token, sub } = await linkedInToken(sandbox.url);
    const headers = { authorization: `Bearer ${token}`, ...LI_HEADERS };
    const videos = `${sandbox.url}/linkedin/api/rest/videos`;
    const size = 5 * 1024 * 1024;
    const init = await call(`${videos}?action=initializeUpload`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        initializeUploadRequest: {
          owner: `urn:li:person:${sub}`,
          fileSizeBytes: size,
          uploadCaptions: false,
          uploadThumbnail: false,
        },
      }),
    });
    expect(init.status).toBe(200);
    const value = init.body.value as {
      video: string;
      uploadInstructions: { uploadUrl: string; firstByte: number; lastByte: number }[];
    };
    expect(value.uploadInstructions.map((part) => [part.firstByte, part.lastByte])).toEqual([
      [0, 4 * 1024 * 1024 - 1],
      [4 * 1024 * 1024, size - 1],
    ]);
    const finalize = (uploadedPartIds: string[]) =>
      call(`${videos}?action=finalizeUpload`, {
        method: "POST",
        headers,
        body: JSON.stringify({ finalizeUploadRequest: { video: value.video, uploadToken: "", uploadedPartIds } }),
      });
    const post = () =>
      call(`${sandbox.url}/linkedin/api/rest/posts`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          author: `urn:li:person:${sub}`,
          commentary: "Our oven",
          visibility: "PUBLIC",
          distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
          lifecycleState: "PUBLISHED",
          content: { media: { id: value.video } },
        }),
      });

    const etags: string[] = [];
    for (const part of value.uploadInstructions) {
      const bytes = randomBytes(part.lastByte - part.firstByte + 1);
      const put = await call(part.uploadUrl, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}` },
        body: bytes,
      });
      expect(put.status).toBe(200);
      etags.push(put.headers.get("etag")!);
    }
    const status = async () =>
      (await call(`${videos}/${encodeURIComponent(value.video)}`, { headers })).body as Record<string, unknown>;
    expect(await status()).toMatchObject({ id: value.video, status: "WAITING_UPLOAD" });
    expect((await post()).status).toBe(422);
    expect((await finalize([...etags].reverse())).status).toBe(400);
    expect((await finalize(etags)).status).toBe(200);
    // Processed asynchronously: PROCESSING (a post naming it is refused), then AVAILABLE.
    expect(await status()).toEqual({ owner: `urn:li:person:${sub}`, id: value.video, status: "PROCESSING" });
    const early = await post();
    expect(early.status).toBe(422);
    expect(JSON.stringify(early.body)).toContain("PROCESSING, not AVAILABLE");
    await sandbox.control.advanceClock(2);
    expect(await status()).toMatchObject({ status: "AVAILABLE" });
    const created = await post();
    expect(created.status).toBe(201);
    const [recorded] = await sandbox.control.publishedPosts({ platform: "linkedin", target: sub });
    expect(recorded).toMatchObject({ id: created.headers.get("x-restli-id"), mediaIds: [value.video] });
    // Another member may not read the video's status.
    const other = await linkedInToken(sandbox.url, { email: "someone.else@example.com" });
    const foreign = await call(`${videos}/${encodeURIComponent(value.video)}`, {
      headers: { ...headers, authorization: `Bearer ${other.token}` },
    });
    expect(foreign.status).toBe(403);
  });

  it("a video that fails processing says PROCESSING_FAILED with the reason, and no post may use it", async () => {
    const { token, sub } = await linkedInToken(sandbox.url);
    const headers = { authorization: `Bearer ${token}`, ...LI_HEADERS };
    const videos = `${sandbox.url}/linkedin/api/rest/videos`;
    await sandbox.control.setLinkedInVideos({ failNext: 1, failureReason: "Unsupported codec" });
    const size = 100 * 1024;
    const init = await call(`${videos}?action=initializeUpload`, {
      method: "POST",
      headers,
      body: JSON.stringify({ initializeUploadRequest: { owner: `urn:li:person:${sub}`, fileSizeBytes: size } }),
    });
    const value = init.body.value as { video: string; uploadInstructions: { uploadUrl: string }[] };
    const put = await call(value.uploadInstructions[0]!.uploadUrl, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: randomBytes(size),
    });
    const finalized = await call(`${videos}?action=finalizeUpload`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        finalizeUploadRequest: { video: value.video, uploadToken: "", uploadedPartIds: [put.headers.get("etag")] },
      }),
    });
    expect(finalized.status).toBe(200);
    await sandbox.control.advanceClock(2);
    const status = await call(`${videos}/${encodeURIComponent(value.video)}`, { headers });
    expect(status.body).toMatchObject({ status: "PROCESSING_FAILED", processingFailureReason: "Unsupported codec" });
    const posted = await call(`${sandbox.url}/linkedin/api/rest/posts`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        author: `urn:li:person:${sub}`,
        commentary: "Broken oven",
        visibility: "PUBLIC",
        distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
        lifecycleState: "PUBLISHED",
        content: { media: { id: value.video } },
      }),
    });
    expect(posted.status).toBe(422);
    expect(await sandbox.control.publishedPosts({ platform: "linkedin" })).toEqual([]);
  });
});

describe("call log", () => {
  it("lists every publishing call with its arrival time and answer, filterable by platform and target", async () => {
    const { pages } = await facebookPageTokens(sandbox.url);
    const token = pages[bakery.id]!;
    await sandbox.control.publishFaults({ platform: "facebook", kind: "rate_limit", target: bakery.id });
    const before = Date.now();
    for (const message of ["One", "Two"])
      await call(`${sandbox.url}/facebook/graph/v20.0/${bakery.id}/feed`, {
        method: "POST",
        body: new URLSearchParams({ message, access_token: token }),
      });
    const calls = await sandbox.control.publishCalls({ platform: "facebook", target: bakery.id });
    expect(calls.map((entry) => [entry.operation, entry.status])).toEqual([
      ["post", 400],
      ["post", 200],
    ]);
    expect(calls[0]!.atMs).toBeGreaterThanOrEqual(before - 5);
    expect(await sandbox.control.publishCalls({ platform: "twitter" })).toEqual([]);
  });
});
