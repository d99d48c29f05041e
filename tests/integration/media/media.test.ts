import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, postMedia, posts, postTargets, usageRecords } from "@/db/schema";
import { MEDIA_MESSAGES, type MediaItem, type PlatformMediaCheck } from "@/lib/media/schemas";
import { ApiClient, registeredClient } from "../../fixtures/api-client";
import {
  appMediaRoot,
  aviBytes,
  corruptPngBytes,
  exeBytes,
  imageBytes,
  movBytes,
  mp4Bytes,
  noisyPngBytes,
  oversizedPngBytes,
  pngBytes,
  webmBytes,
} from "../../fixtures/media-files";
import { testDb } from "../../fixtures/test-db";

type UploadEntry = { name: string; bytes: Uint8Array; type?: string };

function form(files: UploadEntry[]): FormData {
  const body = new FormData();
  for (const file of files)
    body.append(
      "media",
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }),
      file.name,
    );
  return body;
}

async function upload(client: ApiClient, files: UploadEntry[]) {
  const response = await client.request("POST", "/api/media/upload", { body: form(files) });
  return { ...response, items: (response.body?.data ?? []) as MediaItem[] };
}

async function list(client: ApiClient): Promise<MediaItem[]> {
  const response = await client.get("/api/media/user");
  expect(response.status).toBe(200);
  return response.body.data as MediaItem[];
}

/**
 * Raw bytes of a served file with the client's session. ApiClient.request decodes bodies as text,
 * which would mangle binary files, so this sends its cookies on a plain fetch.
 */
async function fetchBytes(client: ApiClient, urlPath: string, headers: Record<string, string> = {}) {
  const cookies = (client as unknown as { cookies: Map<string, string> }).cookies;
  const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const response = await fetch(`${client.baseUrl}${urlPath}`, {
    headers: { ...headers, Cookie: cookie },
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const mediaRoot = appMediaRoot();
const userDir = (userId: string) => path.join(mediaRoot, "workspaces", userId);

// The database is dropped after the run; the files of this file's users are removed here.
const createdUsers: string[] = [];
async function newUser() {
  const registered = await registeredClient();
  createdUsers.push(registered.user.id);
  return registered;
}
afterAll(() => {
  for (const userId of createdUsers) rmSync(userDir(userId), { recursive: true, force: true });
});
const storedPath = (userId: string, filename: string) => path.join(userDir(userId), filename);

async function usage(userId: string) {
  return testDb().select().from(usageRecords).where(eq(usageRecords.workspaceId, userId));
}

describe("POST /api/media/upload", () => {
  it("stores two images, lists them with width, height and a thumbnail that can be fetched", async () => {
    const { client, user } = await newUser();
    const png = pngBytes(64, 48);
    const jpeg = await imageBytes("jpeg", 800, 600);
    const response = await upload(client, [
      { name: "Chart.png", bytes: png, type: "image/png" },
      { name: "C:\\photos\\holiday.jpg", bytes: jpeg, type: "image/jpeg" },
    ]);

    expect(response.status).toBe(201);
    expect(response.body.success).toBe(true);
    const [first, second] = response.items;
    expect(first).toMatchObject({
      originalFilename: "Chart.png",
      type: "image",
      mimeType: "image/png",
      size: png.length,
      width: 64,
      height: 48,
    });
    expect(second).toMatchObject({
      originalFilename: "holiday.jpg",
      type: "image",
      mimeType: "image/jpeg",
      size: jpeg.length,
      width: 800,
      height: 600,
    });
    expect(first!.filename).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(second!.filename).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(first!.url).toBe(`/api/media/files/${first!.filename}`);
    expect(first!.thumbnail).toBe(`/api/media/files/${first!.filename}/thumbnail`);

    const listed = await list(client);
    expect(listed.map((item) => item.filename).sort()).toEqual([first!.filename, second!.filename].sort());
    expect(listed.find((item) => item.filename === second!.filename)).toMatchObject({
      width: 800,
      height: 600,
      thumbnail: second!.thumbnail,
    });

    const original = await fetchBytes(client, second!.url);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("image/jpeg");
    expect(original.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(original.headers.get("x-content-type-options")).toBe("nosniff");
    expect(original.bytes.equals(jpeg)).toBe(true);

    const thumbnail = await fetchBytes(client, second!.thumbnail!);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");
    expect(thumbnail.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ format: "webp", width: 320, height: 240 });

    // On disk under the user's own folder, byte for byte; usage recorded per file.
    expect(readFileSync(storedPath(user.id, first!.filename)).equals(png)).toBe(true);
    const records = await usage(user.id);
    expect(
      records
        .filter((record) => record.kind === "media_stored")
        .map((record) => record.bytes)
        .sort(),
    ).toEqual([png.length, jpeg.length].sort());
  });

  it("takes GIF, WebP and every video format, typed from the bytes whatever the name says", async () => {
    const { client } = await newUser();
    const gif = await imageBytes("gif", 30, 20);
    const jpegNamedPng = await imageBytes("jpeg", 10, 10);
    const response = await upload(client, [
      { name: "anim.gif", bytes: gif },
      { name: "pic.webp", bytes: await imageBytes("webp", 40, 40) },
      { name: "really-a-jpeg.png", bytes: jpegNamedPng, type: "image/png" },
      { name: "clip.mp4", bytes: mp4Bytes() },
      { name: "clip.mov", bytes: movBytes() },
      { name: "clip.avi", bytes: aviBytes() },
      { name: "clip.webm", bytes: webmBytes(), type: "video/webm" },
    ]);
    expect(response.status).toBe(201);
    expect(response.items.map((item) => [item.type, item.mimeType, item.filename.split(".")[1]])).toEqual([
      ["gif", "image/gif", "gif"],
      ["image", "image/webp", "webp"],
      ["image", "image/jpeg", "jpg"],
      ["video", "video/mp4", "mp4"],
      ["video", "video/quicktime", "mov"],
      ["video", "video/x-msvideo", "avi"],
      ["video", "video/webm", "webm"],
    ]);
    expect(response.items[0]).toMatchObject({ width: 30, height: 20 });
    for (const video of response.items.slice(3))
      expect(video).toMatchObject({ width: null, height: null, thumbnail: null });

    const served = await fetchBytes(client, response.items[6]!.url);
    expect(served.headers.get("content-type")).toBe("video/webm");
    const thumbnail = await fetchBytes(client, `${response.items[6]!.url}/thumbnail`);
    expect(thumbnail.status).toBe(404);
  });

  it("serves byte ranges of a video", async () => {
    const { client } = await newUser();
    const video = mp4Bytes(4096);
    const [item] = (await upload(client, [{ name: "clip.mp4", bytes: video }])).items;
    const partial = await fetchBytes(client, item!.url, { Range: "bytes=0-9" });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toBe(`bytes 0-9/${video.length}`);
    expect(partial.bytes.equals(video.subarray(0, 10))).toBe(true);
    expect((await fetchBytes(client, item!.url, { Range: `bytes=${video.length}-` })).status).toBe(416);
  });

  it("lists newest first", async () => {
    const { client } = await newUser();
    const [older] = (await upload(client, [{ name: "older.png", bytes: pngBytes(2, 2) }])).items;
    const [newer] = (await upload(client, [{ name: "newer.png", bytes: pngBytes(3, 3) }])).items;
    expect((await list(client)).map((item) => item.originalFilename)).toEqual([
      newer!.originalFilename,
      older!.originalFilename,
    ]);
  });

  it("refuses an 11 MB image with the exact message and stores nothing", async () => {
    const { client, user } = await newUser();
    const response = await upload(client, [{ name: "huge.png", bytes: oversizedPngBytes(), type: "image/png" }]);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      success: false,
      error: 'File "huge.png" is too large. Maximum size for images is 10 MB.',
    });
    expect(await list(client)).toEqual([]);
    expect(existsSync(userDir(user.id))).toBe(false);
  });

  it("refuses an executable renamed to .png, whatever type the browser declares", async () => {
    const { client } = await newUser();
    const response = await upload(client, [{ name: "cute-cat.png", bytes: exeBytes(), type: "image/png" }]);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, error: MEDIA_MESSAGES.invalidType });
    expect(await list(client)).toEqual([]);
  });

  it("refuses a file that starts like a PNG but is not one", async () => {
    const { client } = await newUser();
    const response = await upload(client, [{ name: "broken.png", bytes: corruptPngBytes() }]);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('File "broken.png" is damaged or is not a valid image.');
  });

  it("refuses 11 files with the exact message", async () => {
    const { client } = await newUser();
    const files = Array.from({ length: 11 }, (_, index) => ({ name: `f${index}.png`, bytes: pngBytes(2, 2) }));
    const response = await upload(client, files);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("You can only upload up to 10 files at once.");
    expect(await list(client)).toEqual([]);
  });

  it("stores nothing at all when one file of a batch is invalid", async () => {
    const { client, user } = await newUser();
    const response = await upload(client, [
      { name: "good-1.png", bytes: pngBytes(8, 8) },
      { name: "good-2.jpg", bytes: await imageBytes("jpeg", 8, 8) },
      { name: "bad.gif", bytes: exeBytes() },
    ]);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(MEDIA_MESSAGES.invalidType);
    expect(await list(client)).toEqual([]);
    expect(await testDb().select().from(media).where(eq(media.workspaceId, user.id))).toEqual([]);
    expect(await usage(user.id)).toEqual([]);
    expect(existsSync(userDir(user.id))).toBe(false);
  });

  it("answers 400 with a clear message to a body that is not multipart", async () => {
    const { client } = await newUser();
    const json = await client.post("/api/media/upload", { media: ["x.png"] });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ success: false, error: MEDIA_MESSAGES.notMultipart });
    const text = await client.request("POST", "/api/media/upload", {
      body: "hello",
      headers: { "Content-Type": "text/plain" },
    });
    expect(text.status).toBe(400);
    const broken = await client.request("POST", "/api/media/upload", {
      body: "--x\r\ngarbage",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(broken.status).toBe(400);
    const empty = await client.request("POST", "/api/media/upload", { body: new FormData() });
    expect(empty.status).toBe(400);
  });

  it("answers 413 to a declared body over the whole-upload limit without waiting for it", async () => {
    const { client } = await newUser();
    const cookies = (client as unknown as { cookies: Map<string, string> }).cookies;
    // Declares 700 MB, sends a few bytes and waits: the answer must come from the header alone.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${client.baseUrl}/api/media/upload`, {
        method: "POST",
        headers: {
          "Content-Type": "multipart/form-data; boundary=x",
          "Content-Length": String(700 * 1024 * 1024),
          Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        },
      });
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => {
          resolve({ status: response.statusCode ?? 0, body });
          request.destroy();
        });
      });
      request.on("error", reject);
      request.write("--x\r\n");
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, error: MEDIA_MESSAGES.uploadTooLarge });
  });

  it("answers 401 without a session", async () => {
    const anonymous = new ApiClient();
    expect((await upload(anonymous, [{ name: "a.png", bytes: pngBytes(2, 2) }])).status).toBe(401);
    expect((await anonymous.get("/api/media/user")).status).toBe(401);
    expect((await anonymous.get("/api/media/files/0123456789abcdef0123456789abcdef.png")).status).toBe(401);
  });
});

describe("filenames from the request never reach outside the user's folder", () => {
  const sentinelName = `sentinel-${randomBytes(6).toString("hex")}.png`;
  const sentinel = path.join(mediaRoot, sentinelName);

  beforeAll(() => {
    mkdirSync(mediaRoot, { recursive: true });
    writeFileSync(sentinel, pngBytes(2, 2));
  });
  afterAll(() => rmSync(sentinel, { force: true }));

  const traversals = [
    `..%2F..%2F${sentinelName}`,
    `%2e%2e%2f%2e%2e%2f${sentinelName}`,
    `%2E%2E%2F%2E%2E%2F${sentinelName}`,
    `..%5C..%5C${sentinelName}`,
    `%252e%252e%252f%252e%252e%252f${sentinelName}`,
    encodeURIComponent(sentinel),
    sentinelName,
  ];

  it.each(traversals)("GET and DELETE %s answer 404 'Media not found' and touch nothing", async (encoded) => {
    const { client } = await newUser();
    await upload(client, [{ name: "mine.png", bytes: pngBytes(4, 4) }]);
    for (const [method, urlPath] of [
      ["DELETE", `/api/media/${encoded}`],
      ["GET", `/api/media/files/${encoded}`],
      ["GET", `/api/media/files/${encoded}/thumbnail`],
    ] as const) {
      const response = await client.request(method, urlPath);
      expect(response.status, `${method} ${urlPath}`).toBe(404);
      expect(response.body, `${method} ${urlPath}`).toMatchObject({ success: false, error: "Media not found" });
    }
    expect(existsSync(sentinel)).toBe(true);
    expect(await list(client)).toHaveLength(1);
  });

  it.each([`../../${sentinelName}`, sentinel, "/etc/passwd", `..\\..\\${sentinelName}`, "%2e%2e%2fx"])(
    "validate-platform with filename %j answers 404",
    async (filename) => {
      const { client } = await newUser();
      const response = await client.post("/api/media/validate-platform", { filename, platform: "twitter" });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe("Media not found");
    },
  );

  it("a user's paths are not reachable from another user's session", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const [item] = (await upload(alice.client, [{ name: "alice.png", bytes: pngBytes(5, 5) }])).items;
    const relative = `..%2F${alice.user.id}%2F${item!.filename}`;
    expect((await bob.client.request("DELETE", `/api/media/${relative}`)).status).toBe(404);
    expect((await bob.client.get(`/api/media/files/${relative}`)).status).toBe(404);
    expect(existsSync(storedPath(alice.user.id, item!.filename))).toBe(true);
  });
});

describe("another user's media", () => {
  it("cannot be listed, read, validated or deleted: 404 as if missing", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const [item] = (await upload(alice.client, [{ name: "private.png", bytes: pngBytes(16, 16) }])).items;

    expect(await list(bob.client)).toEqual([]);
    for (const urlPath of [item!.url, item!.thumbnail!]) {
      const response = await bob.client.get(urlPath);
      expect(response.status, urlPath).toBe(404);
      expect(response.body.error).toBe("Media not found");
    }
    const validate = await bob.client.post("/api/media/validate-platform", {
      filename: item!.filename,
      platform: "facebook",
    });
    expect(validate.status).toBe(404);
    const removal = await bob.client.delete(`/api/media/${item!.filename}`);
    expect(removal.status).toBe(404);
    expect(removal.body.error).toBe("Media not found");

    expect(existsSync(storedPath(alice.user.id, item!.filename))).toBe(true);
    expect((await fetchBytes(alice.client, item!.url)).status).toBe(200);
    expect(await list(alice.client)).toHaveLength(1);
  });
});

describe("DELETE /api/media/{filename}", () => {
  it("removes the row, the file and its thumbnail, and records the freed bytes", async () => {
    const { client, user } = await newUser();
    const [item, kept] = (
      await upload(client, [
        { name: "gone.png", bytes: pngBytes(20, 20) },
        { name: "kept.png", bytes: pngBytes(10, 10) },
      ])
    ).items;
    const file = storedPath(user.id, item!.filename);
    const thumb = storedPath(user.id, item!.filename.replace(".png", ".thumb.webp"));
    expect(existsSync(file)).toBe(true);
    expect(existsSync(thumb)).toBe(true);

    const response = await client.delete(`/api/media/${item!.filename}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: "Media deleted" });

    expect(existsSync(file)).toBe(false);
    expect(existsSync(thumb)).toBe(false);
    expect((await list(client)).map((entry) => entry.filename)).toEqual([kept!.filename]);
    expect((await fetchBytes(client, item!.url)).status).toBe(404);
    const deleted = (await usage(user.id)).filter((record) => record.kind === "media_deleted");
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({ bytes: item!.size, metadata: { filename: item!.filename } });

    expect((await client.delete(`/api/media/${item!.filename}`)).status).toBe(404);
  });

  it("is refused while a post using the file is scheduled or publishing, and allowed afterwards", async () => {
    const { client, user } = await newUser();
    const [item] = (await upload(client, [{ name: "planned.png", bytes: pngBytes(6, 6) }])).items;
    const db = testDb();
    const [post] = await db
      .insert(posts)
      .values({
        workspaceId: user.id,
        content: "Soon",
        status: "scheduled",
        scheduledAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    await db.insert(postMedia).values({ postId: post!.id, mediaId: item!.id });

    const refused = await client.delete(`/api/media/${item!.filename}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, error: MEDIA_MESSAGES.inScheduledPost });
    expect(existsSync(storedPath(user.id, item!.filename))).toBe(true);

    // Published now, but one page is still being published to: still in use.
    await db.update(posts).set({ status: "published" }).where(eq(posts.id, post!.id));
    const [target] = await db
      .insert(postTargets)
      .values({ postId: post!.id, platform: "facebook", pageName: "Page", status: "publishing" })
      .returning();
    expect((await client.delete(`/api/media/${item!.filename}`)).status).toBe(409);

    await db.update(postTargets).set({ status: "published" }).where(eq(postTargets.id, target!.id));
    expect((await client.delete(`/api/media/${item!.filename}`)).status).toBe(200);
    expect(
      await db
        .select()
        .from(postMedia)
        .where(and(eq(postMedia.postId, post!.id), eq(postMedia.mediaId, item!.id))),
    ).toEqual([]);
  });
});

describe("POST /api/media/validate-platform", () => {
  it("checks a file against each platform's limits", async () => {
    const { client } = await newUser();
    const big = await noisyPngBytes(6 * 1024 * 1024);
    const [small, large, webm] = (
      await upload(client, [
        { name: "small.jpg", bytes: await imageBytes("jpeg", 1200, 630) },
        { name: "large.png", bytes: big },
        { name: "clip.webm", bytes: webmBytes() },
      ])
    ).items;

    const check = async (filename: string, platform: string) => {
      const response = await client.post("/api/media/validate-platform", { filename, platform });
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
      return response.body.data as PlatformMediaCheck;
    };

    expect(await check(small!.filename, "twitter")).toEqual({ valid: true, errors: [], warnings: [] });
    const onTwitter = await check(large!.filename, "twitter");
    expect(onTwitter.valid).toBe(false);
    expect(onTwitter.errors[0]).toMatch(/^X accepts images up to 5 MB; this file is 6(\.\d)? MB\.$/);
    expect((await check(large!.filename, "facebook")).valid).toBe(false);
    expect((await check(webm!.filename, "linkedin")).errors).toContain(
      "LinkedIn does not accept this file type. LinkedIn accepts videos in MP4.",
    );
    expect((await check(webm!.filename, "facebook")).valid).toBe(true);
  });

  it.each([
    [
      { filename: "0123456789abcdef0123456789abcdef.png", platform: "myspace" },
      "platform must be facebook, twitter or linkedin",
    ],
    [{ platform: "twitter" }, "filename is required"],
  ])("refuses a bad body with 400", async (body, message) => {
    const { client } = await newUser();
    const response = await client.post("/api/media/validate-platform", body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });
});
