import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LINKEDIN_VERSION } from "@/lib/networks/server/api-versions";
import type { PublishInput, PublishMedia } from "@/lib/networks/server/types";
import { startSandbox, type RunningSandbox } from "../../../sandbox/server";
import { sandboxControl } from "../../../sandbox/testing";
import { facebookPageTokens, linkedInToken, twitterToken } from "../../../sandbox/testing-tokens";
import { mp4Bytes } from "../../fixtures/media-files";
import {
  facebookExamples,
  linkedinExamples,
  shapeOf,
  twitterExamples,
  type ContractExample,
} from "../../contracts/platform-examples";

/**
 * The platforms' documented answers (tests/contracts/platform-examples.ts), two ways:
 * 1. replayed to our clients by a server that answers exactly the example: they must read them;
 * 2. compared with what the sandbox answers to the same call: every field the example has, the
 *    sandbox has too, with the same type.
 */

type Platforms = typeof import("@/lib/networks/server");

let replay: Server;
/** What the replay server answers, by the request's path: the first match wins. */
let answers: { path: RegExp; response: ContractExample["response"] }[] = [];
let platforms: Platforms;
let replayUrl: string;
let sandbox: RunningSandbox;
const saved = { ...process.env };

beforeAll(async () => {
  replay = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const found = answers.find((entry) => entry.path.test(req.url ?? ""));
      if (!found) return res.writeHead(599).end();
      const { status, headers = {}, body } = found.response;
      const json = body === null ? "" : JSON.stringify(body);
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(json);
    });
  });
  await new Promise<void>((resolve) => replay.listen(0, "127.0.0.1", resolve));
  replayUrl = `http://127.0.0.1:${(replay.address() as AddressInfo).port}`;
  for (const key of Object.keys(process.env))
    if (/^(FACEBOOK|TWITTER|LINKEDIN|GOOGLE)_CLIENT_/.test(key)) delete process.env[key];
  Object.assign(process.env, {
    SANDBOX_URL: replayUrl,
    AUTH_SECRET: "contract-tests-secret-contract-tests-secret",
    TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    // The X client records billing alerts in Redis: under this run's own prefix.
    REDIS_PREFIX: `postloom-test-contracts-${process.pid}`,
    // One status check per attempt is enough to see a video still processing.
    PUBLISH_VIDEO_WAIT_SECONDS: "1",
  });
  platforms = await import("@/lib/networks/server");
  sandbox = await startSandbox({ port: 0 });
});

afterAll(async () => {
  await new Promise((resolve) => replay.close(resolve));
  await sandbox.close();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

const publishInput = (pageId: string): PublishInput => ({
  accessToken: "token",
  pageId,
  pageAccessToken: "page-token",
  handle: "bakery",
  text: "Are you excited for the weekend?",
  media: [],
  beforeRequest: async () => undefined,
});

/** Publishes with the platform's client against the replayed example. */
async function publishAgainst(platform: "facebook" | "twitter" | "linkedin", example: ContractExample) {
  answers = [{ path: /./, response: example.response }];
  return platforms
    .platformModule(platform)
    .publish(publishInput(platform === "facebook" ? "546349135390552" : "2244994945"));
}

/** A video of the post, as the engine hands it to a client. */
function videoMedia(filename: string, bytes: Uint8Array): PublishMedia {
  const copy = () => new Uint8Array(bytes);
  return {
    kind: "video",
    mimeType: "video/mp4",
    size: bytes.length,
    width: null,
    height: null,
    filename,
    altText: null,
    open: async () => new Response(copy()).body!,
    bytes: async () => copy(),
  };
}

describe("our clients read the documented answers", () => {
  it("Facebook: a Page post's id, an expired token, declined permissions", async () => {
    expect(await publishAgainst("facebook", facebookExamples.feedPost)).toMatchObject({
      platformPostId: "546349135390552_1116689175023209",
    });
    await expect(publishAgainst("facebook", facebookExamples.expiredToken)).rejects.toMatchObject({
      kind: "expired_token",
    });
    // A code exchange whose token lacks the publishing permissions is refused, naming them.
    answers = [
      {
        path: /\/oauth\/access_token/,
        response: { status: 200, body: { access_token: "EAAB", token_type: "bearer", expires_in: 5183944 } },
      },
      { path: /\/me\/permissions/, response: facebookExamples.permissions.response },
    ];
    const exchange = platforms
      .platformModule("facebook")
      .exchangeCode({ code: "c", redirectUri: "http://x/cb", codeVerifier: null });
    await expect(exchange).rejects.toMatchObject({
      kind: "permission",
      message: expect.stringContaining("pages_show_list, pages_manage_posts, pages_read_engagement"),
    });
  });

  it("Facebook video: session, handle, the video's id (recorded before waiting), then the story's id once processed", async () => {
    const video = facebookExamples.graphVideo.response.body.id;
    const statusPath = new RegExp(`/${video}\\?fields=status%2Cpost_id%2Cpermalink_url&`);
    answers = [
      { path: /\/uploads\?file_name=clip\.mp4&/, response: facebookExamples.uploadSession.response },
      { path: /\/upload:MTph/, response: facebookExamples.uploadHandle.response },
      { path: /\/graph-video\/v[\d.]+\/546349135390552\/videos$/, response: facebookExamples.graphVideo.response },
      { path: statusPath, response: facebookExamples.videoReady.response },
    ];
    const accepted: string[] = [];
    const facebook = platforms.platformModule("facebook");
    const input = {
      ...publishInput("546349135390552"),
      media: [videoMedia("clip.mp4", mp4Bytes(4096))],
      onAccepted: async (id: string) => {
        accepted.push(id);
      },
    };
    expect(await facebook.publish(input)).toEqual({
      platformPostId: facebookExamples.videoReady.response.body.post_id,
      url: `https://www.facebook.com/${facebookExamples.videoReady.response.body.post_id}`,
    });
    expect(accepted).toEqual([video]);

    // A later attempt with the accepted id only reads the video's status: nothing else is answered here.
    answers = [{ path: statusPath, response: facebookExamples.videoProcessing.response }];
    await expect(facebook.publish({ ...input, acceptedMediaId: video })).rejects.toMatchObject({ kind: "processing" });
    // Whatever the post holds now (its video removed since), only the accepted video is followed.
    await expect(facebook.publish({ ...input, media: [], acceptedMediaId: video })).rejects.toMatchObject({
      kind: "processing",
    });
    answers = [{ path: statusPath, response: facebookExamples.videoError.response }];
    await expect(facebook.publish({ ...input, acceptedMediaId: video })).rejects.toMatchObject({
      kind: "invalid_media",
      message: `Facebook could not process "clip.mp4": The video's audio track cannot be decoded.`,
    });
  });

  it("LinkedIn video: the post names the video once GET /rest/videos/{urn} says AVAILABLE", async () => {
    const video = linkedinExamples.videoAvailable.response.body.id;
    const clip = mp4Bytes(100 * 1024);
    const size = clip.length;
    let statusReads = 0;
    answers = [
      {
        path: /\/rest\/videos\?action=initializeUpload$/,
        response: {
          status: 200,
          body: {
            value: {
              video,
              uploadInstructions: [{ uploadUrl: `${replayUrl}/upload/part-1`, firstByte: 0, lastByte: size - 1 }],
              uploadToken: "",
            },
          },
        },
      },
      { path: /\/upload\/part-1$/, response: { status: 200, headers: { etag: "/part-1-etag" }, body: null } },
      { path: /\/rest\/videos\?action=finalizeUpload$/, response: { status: 200, body: null } },
      {
        path: new RegExp(`/rest/videos/${encodeURIComponent(video)}$`),
        get response() {
          statusReads += 1;
          return (statusReads === 1 ? linkedinExamples.videoProcessing : linkedinExamples.videoAvailable).response;
        },
      },
      { path: /\/rest\/posts$/, response: linkedinExamples.createPost.response },
    ];
    const published = await platforms.platformModule("linkedin").publish({
      ...publishInput("2244994945"),
      media: [videoMedia("talk.mp4", clip)],
    });
    expect(published.platformPostId).toBe("urn:li:share:6844785523593134080");
    expect(statusReads).toBe(2);
  });

  it("X: a Post's id, a duplicate, a rate limit with its reset time", async () => {
    expect(await publishAgainst("twitter", twitterExamples.createPost)).toMatchObject({
      platformPostId: "1445880548472328192",
      url: "https://x.com/bakery/status/1445880548472328192",
    });
    await expect(publishAgainst("twitter", twitterExamples.duplicate)).rejects.toMatchObject({ kind: "duplicate" });
    // The reset is X's clock read against its Date (whole seconds), so ours may be up to a second later.
    const limited: unknown = await publishAgainst("twitter", twitterExamples.rateLimited).catch(
      (error: unknown) => error,
    );
    expect(limited).toMatchObject({ kind: "rate_limited" });
    const resetAt = (limited as { details: { resetAt: Date } }).details.resetAt.getTime();
    expect(resetAt).toBeGreaterThanOrEqual(4_102_444_800_000);
    expect(resetAt).toBeLessThanOrEqual(4_102_444_801_000);
  });

  it("LinkedIn: a post's URN from x-restli-id, a duplicate, a sunset version, an expired token", async () => {
    expect(await publishAgainst("linkedin", linkedinExamples.createPost)).toMatchObject({
      platformPostId: "urn:li:share:6844785523593134080",
      url: "https://www.linkedin.com/feed/update/urn:li:share:6844785523593134080",
    });
    await expect(publishAgainst("linkedin", linkedinExamples.duplicate)).rejects.toMatchObject({ kind: "duplicate" });
    await expect(publishAgainst("linkedin", linkedinExamples.sunsetVersion)).rejects.toMatchObject({
      kind: "unsupported_version",
    });
    await expect(publishAgainst("linkedin", linkedinExamples.expiredToken)).rejects.toMatchObject({
      kind: "expired_token",
    });
  });
});

/** Every field of the documented answer is in the sandbox's, with the same type (more is allowed). */
function expectSameShape(sandboxBody: unknown, example: ContractExample) {
  const covers = (actual: unknown, expected: unknown, path: string): void => {
    if (expected && typeof expected === "object" && !Array.isArray(expected)) {
      expect(actual, `${example.name}: ${path || "body"} is an object`).toBeTypeOf("object");
      for (const [key, value] of Object.entries(expected))
        covers((actual as Record<string, unknown>)?.[key], value, `${path}.${key}`);
    } else if (Array.isArray(expected)) {
      expect(Array.isArray(actual), `${example.name}: ${path} is a list`).toBe(true);
      if (expected.length && (actual as unknown[]).length) covers((actual as unknown[])[0], expected[0], `${path}[0]`);
    } else expect(actual, `${example.name}: ${path}`).toEqual(expected);
  };
  covers(shapeOf(sandboxBody), shapeOf(example.response.body), "");
}

describe("the sandbox answers in the documented shapes", () => {
  const bakery = { id: "546349135390552", name: "Ada's Bakery", category: "Bakery" };

  it("Facebook: a Page post, an expired token, the permissions list", async () => {
    const control = sandboxControl(sandbox.url);
    await control.defineFacebookUser({ id: "100000000000777", name: "Ada", email: "ada@example.com", pages: [bakery] });
    const tokens = await facebookPageTokens(sandbox.url);
    const graph = `${sandbox.url}/facebook/graph/v25.0`;
    const feed = () =>
      fetch(`${graph}/${bakery.id}/feed`, {
        method: "POST",
        body: new URLSearchParams({ message: `Contract ${Date.now()}`, access_token: tokens.pages[bakery.id]! }),
      });
    const posted = await feed();
    expect(posted.status).toBe(facebookExamples.feedPost.response.status);
    expectSameShape(await posted.json(), facebookExamples.feedPost);

    await control.publishFaults({ platform: "facebook", kind: "expired_token", target: bakery.id });
    const expired = await feed();
    expect(expired.status).toBe(facebookExamples.expiredToken.response.status);
    expectSameShape(await expired.json(), facebookExamples.expiredToken);

    const permissions = await fetch(`${graph}/me/permissions?access_token=${encodeURIComponent(tokens.user)}`);
    expectSameShape(await permissions.json(), facebookExamples.permissions);
  });

  it("Facebook video: upload session, handle, offset, graph-video's answer, the status while processing and once ready", async () => {
    const control = sandboxControl(sandbox.url);
    const page = { id: "546349135390553", name: "Ada's Video Bakery", category: "Bakery" };
    await control.defineFacebookUser({
      id: "100000000000778",
      name: "Ada",
      email: "ada.video@example.com",
      pages: [page],
    });
    const tokens = await facebookPageTokens(sandbox.url, { pageIds: [page.id] });
    const graph = `${sandbox.url}/facebook/graph/v25.0`;
    const bytes = mp4Bytes(4096);
    const started = await fetch(
      `${graph}/sandbox-facebook-client/uploads?${new URLSearchParams({
        file_name: "clip.mp4",
        file_length: String(bytes.length),
        file_type: "video/mp4",
        access_token: tokens.user,
      })}`,
      { method: "POST" },
    );
    expect(started.status).toBe(200);
    const session = (await started.json()) as { id: string };
    expectSameShape(session, facebookExamples.uploadSession);
    const authorization = `OAuth ${tokens.user}`;
    const sent = await fetch(`${graph}/${session.id}`, {
      method: "POST",
      headers: { authorization, file_offset: "0", "content-type": "application/octet-stream" },
      body: new Uint8Array(bytes),
    });
    expect(sent.status).toBe(200);
    const handle = (await sent.json()) as { h: string };
    expectSameShape(handle, facebookExamples.uploadHandle);
    const offset = await fetch(`${graph}/${session.id}`, { headers: { authorization } });
    expectSameShape(await offset.json(), facebookExamples.uploadOffset);

    const pageToken = tokens.pages[page.id]!;
    const published = await fetch(`${sandbox.url}/facebook/graph-video/v25.0/${page.id}/videos`, {
      method: "POST",
      body: new URLSearchParams({
        description: `Contract video ${Date.now()}`,
        published: "true",
        fbuploader_video_file_chunk: handle.h,
        access_token: pageToken,
      }),
    });
    expect(published.status).toBe(200);
    const video = (await published.json()) as { id: string };
    expectSameShape(video, facebookExamples.graphVideo);
    const status = async () =>
      (await fetch(
        `${graph}/${video.id}?${new URLSearchParams({ fields: "status,post_id,permalink_url", access_token: pageToken })}`,
      ).then((response) => response.json())) as Record<string, unknown>;
    const processing = await status();
    expect(processing).toMatchObject({ status: { video_status: "processing" } });
    expectSameShape(processing, facebookExamples.videoProcessing);
    await control.finishFacebookVideo(video.id);
    const ready = await status();
    expect(ready).toMatchObject({ status: { video_status: "ready" } });
    expectSameShape(ready, facebookExamples.videoReady);
  });

  it("X: a Post, a duplicate, a rate limit with its headers", async () => {
    const control = sandboxControl(sandbox.url);
    const { token, userId } = await twitterToken(sandbox.url, `c${Date.now().toString(36).slice(-8)}`);
    const tweet = (text: string) =>
      fetch(`${sandbox.url}/x/api/2/tweets`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ text }),
      });
    const text = `Are you excited for the weekend? ${Date.now()}`;
    const created = await tweet(text);
    expect(created.status).toBe(twitterExamples.createPost.response.status);
    expectSameShape(await created.json(), twitterExamples.createPost);

    const duplicate = await tweet(text);
    expect(duplicate.status).toBe(403);
    expect(duplicate.headers.get("content-type")).toContain("application/problem+json");
    expectSameShape(await duplicate.json(), twitterExamples.duplicate);

    await control.publishFaults({ platform: "twitter", kind: "rate_limit", target: userId, resetAfterSeconds: 60 });
    const limited = await tweet(`${text} again`);
    expect(limited.status).toBe(429);
    for (const header of Object.keys(twitterExamples.rateLimited.response.headers))
      expect(limited.headers.get(header), header).toMatch(/^\d+$/);
    expect(limited.headers.get("content-type")).toContain("application/problem+json");
    expectSameShape(await limited.json(), twitterExamples.rateLimited);
  });

  it("LinkedIn: a post, a duplicate, a sunset version, an invalid token", async () => {
    const { token, sub } = await linkedInToken(sandbox.url);
    const post = (commentary: string, version: string, bearer = token) =>
      fetch(`${sandbox.url}/linkedin/api/rest/posts`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${bearer}`,
          "content-type": "application/json",
          "LinkedIn-Version": version,
          "X-Restli-Protocol-Version": "2.0.0",
        },
        body: JSON.stringify({
          author: `urn:li:person:${sub}`,
          commentary,
          visibility: "PUBLIC",
          distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
          lifecycleState: "PUBLISHED",
          isReshareDisabledByAuthor: false,
        }),
      });
    const commentary = `Contract ${Date.now()}`;
    const created = await post(commentary, DEFAULT_LINKEDIN_VERSION);
    expect(created.status).toBe(201);
    expect(created.headers.get("x-restli-id")).toMatch(/^urn:li:share:\d+$/);
    expect(await created.text()).toBe("");

    const duplicate = await post(commentary, DEFAULT_LINKEDIN_VERSION);
    expect(duplicate.status).toBe(422);
    expectSameShape(await duplicate.json(), linkedinExamples.duplicate);

    const sunset = await post(`${commentary} later`, "202501");
    expect(sunset.status).toBe(426);
    expect(await sunset.json()).toEqual(linkedinExamples.sunsetVersion.response.body);

    // A video's status, while processing and once available.
    const headers = {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "LinkedIn-Version": DEFAULT_LINKEDIN_VERSION,
      "X-Restli-Protocol-Version": "2.0.0",
    };
    const videos = `${sandbox.url}/linkedin/api/rest/videos`;
    const size = 100 * 1024;
    const init = await fetch(`${videos}?action=initializeUpload`, {
      method: "POST",
      headers,
      body: JSON.stringify({ initializeUploadRequest: { owner: `urn:li:person:${sub}`, fileSizeBytes: size } }),
    });
    const value = ((await init.json()) as { value: { video: string; uploadInstructions: { uploadUrl: string }[] } })
      .value;
    const put = await fetch(value.uploadInstructions[0]!.uploadUrl, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: new Uint8Array(size),
    });
    const finalized = await fetch(`${videos}?action=finalizeUpload`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        finalizeUploadRequest: { video: value.video, uploadToken: "", uploadedPartIds: [put.headers.get("etag")] },
      }),
    });
    expect(finalized.status).toBe(200);
    const videoStatus = async () =>
      (await (await fetch(`${videos}/${encodeURIComponent(value.video)}`, { headers })).json()) as Record<
        string,
        unknown
      >;
    const processing = await videoStatus();
    expect(processing.status).toBe("PROCESSING");
    expectSameShape(processing, linkedinExamples.videoProcessing);
    await sandboxControl(sandbox.url).advanceClock(2);
    const available = await videoStatus();
    expect(available.status).toBe("AVAILABLE");
    expectSameShape(available, linkedinExamples.videoAvailable);

    const invalid = await post(`${commentary} invalid`, DEFAULT_LINKEDIN_VERSION, "not-a-token");
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toEqual(linkedinExamples.expiredToken.response.body);
  });
});
