import { DEFAULT_LINKEDIN_VERSION } from "@/lib/server/platforms/api-versions";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../../sandbox/server";
import { sandboxControl } from "../../../sandbox/testing";
import { facebookPageTokens, linkedInToken, twitterToken } from "../../../sandbox/testing-tokens";
import { call } from "../../fixtures/fetch-json";

/** The sandbox's video and chunked uploads (Facebook videos, X INIT/APPEND/FINALIZE/STATUS, LinkedIn Videos API) and its call log. */

const bakery = { id: "333333333333333", name: "Ada's Bakery", category: "Bakery" };
const ada = { id: "100000000000043", name: "Ada Lovelace", email: "ada@example.com", pages: [bakery] };
const LI_HEADERS = {
  "LinkedIn-Version": DEFAULT_LINKEDIN_VERSION,
  "X-Restli-Protocol-Version": "2.0.0",
  "content-type": "application/json",
};

let sandbox: RunningSandbox;
let control: ReturnType<typeof sandboxControl>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  control = sandboxControl(sandbox.url);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await control.reset();
  await control.defineFacebookUser(ada);
});

const multipart = (fields: Record<string, string | Blob>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
};

describe("Facebook Page videos", () => {
  it("publishes an uploaded video as a feed story {page}_{video}; refuses files that are not videos", async () => {
    const { pages } = await facebookPageTokens(sandbox.url);
    const token = pages[bakery.id]!;
    const videos = `${sandbox.url}/facebook/graph/v20.0/${bakery.id}/videos`;
    const video = new Blob([randomBytes(4096)], { type: "video/mp4" });
    const posted = await call(videos, {
      method: "POST",
      body: multipart({ source: video, description: "Kneading", access_token: token }),
    });
    expect(posted.status).toBe(200);
    expect(posted.body).toEqual({ id: expect.stringMatching(/^\d+$/) as unknown });
    const [post] = await control.publishedPosts({ platform: "facebook", target: bakery.id });
    expect(post).toMatchObject({ id: `${bakery.id}_${posted.body.id}`, text: "Kneading", mediaIds: [posted.body.id] });

    const notVideo = new Blob([randomBytes(64)], { type: "image/png" });
    const refused = await call(videos, { method: "POST", body: multipart({ source: notVideo, access_token: token }) });
    expect(refused.body.error).toMatchObject({ code: 352 });
    expect(await control.publishedPosts()).toHaveLength(1);
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
      expect((await call(`${upload}/${id}/append`, { method: "POST", headers: auth, body })).status).toBe(204);
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
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const done = await call(`${upload}?command=STATUS&media_id=${id}`, { headers: auth });
    expect(done.body.data).toMatchObject({ processing_info: { state: "succeeded" } });

    const image = await call(upload, {
      method: "POST",
      headers: auth,
      body: multipart({ media: new Blob([randomBytes(100)], { type: "image/png" }) }),
    });
    const imageId = (image.body.data as { id: string }).id;
    expect((await tweet([id, imageId])).status).toBe(400);
    expect((await tweet([id])).status).toBe(201);
    const [post] = await control.publishedPosts({ platform: "twitter" });
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
    expect((await post()).status).toBe(422);
    expect((await finalize([...etags].reverse())).status).toBe(400);
    expect((await finalize(etags)).status).toBe(200);
    const created = await post();
    expect(created.status).toBe(201);
    const [recorded] = await control.publishedPosts({ platform: "linkedin", target: sub });
    expect(recorded).toMatchObject({ id: created.headers.get("x-restli-id"), mediaIds: [value.video] });
  });
});

describe("call log", () => {
  it("lists every publishing call with its arrival time and answer, filterable by platform and target", async () => {
    const { pages } = await facebookPageTokens(sandbox.url);
    const token = pages[bakery.id]!;
    await control.publishFaults({ platform: "facebook", kind: "rate_limit", target: bakery.id });
    const before = Date.now();
    for (const message of ["One", "Two"])
      await call(`${sandbox.url}/facebook/graph/v20.0/${bakery.id}/feed`, {
        method: "POST",
        body: new URLSearchParams({ message, access_token: token }),
      });
    const calls = await control.publishCalls({ platform: "facebook", target: bakery.id });
    expect(calls.map((entry) => [entry.operation, entry.status])).toEqual([
      ["post", 400],
      ["post", 200],
    ]);
    expect(calls[0]!.atMs).toBeGreaterThanOrEqual(before - 5);
    expect(await control.publishCalls({ platform: "twitter" })).toEqual([]);
  });
});
