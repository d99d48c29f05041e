import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlatformError } from "@/lib/networks/server/errors";
import { platformRequest } from "@/lib/networks/server/http";

/**
 * platformRequest against a local server: what reaches the platform (method, type, bytes) and what
 * the platform modules get back, as they got it from fetch before (docs/decisions/0032-platform-calls-through-undici-request.md).
 */

interface Received {
  method: string;
  accept: string | undefined;
  userAgent: string | undefined;
  contentType: string | undefined;
  contentLength: string | undefined;
  body: Buffer;
}

let server: Server;
let base: string;
const received: Received[] = [];

function handle(req: IncomingMessage, res: ServerResponse, body: Buffer) {
  received.push({
    method: req.method ?? "",
    accept: req.headers.accept,
    userAgent: req.headers["user-agent"],
    contentType: req.headers["content-type"],
    contentLength: req.headers["content-length"],
    body,
  });
  const path = req.url ?? "/";
  if (path === "/slow") return; // never answers
  if (path === "/redirect") {
    res.writeHead(302, { location: "/elsewhere" });
    return res.end();
  }
  if (path === "/text") {
    res.writeHead(500, { "content-type": "text/plain" });
    return res.end("upstream broke");
  }
  res.setHeader("set-cookie", ["a=1", "b=2"]);
  res.setHeader("x-app-usage", '{"call_count":5}');
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ id: "123_456" }));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const last = () => received.at(-1)!;

describe("platformRequest", () => {
  it("sends a form urlencoded as UTF-8 and parses a JSON answer, headers included", async () => {
    const response = await platformRequest(`${base}/feed`, {
      method: "POST",
      body: new URLSearchParams({ message: "Grüße & <tags> 🎉", access_token: "t" }),
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: "123_456" });
    expect(response.headers.get("x-app-usage")).toBe('{"call_count":5}');
    expect(response.headers.get("set-cookie")).toBe("a=1, b=2");
    expect(last().method).toBe("POST");
    expect(last()).toMatchObject({ accept: "*/*", userAgent: expect.stringMatching(/^Postloom/) });
    expect(last().contentType).toBe("application/x-www-form-urlencoded;charset=UTF-8");
    expect(new URLSearchParams(last().body.toString("utf8")).get("message")).toBe("Grüße & <tags> 🎉");
  });

  it("keeps a type the caller set, whatever its case, and sends a bare string as text", async () => {
    await platformRequest(`${base}/json`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: "hi" }),
    });
    expect(last().contentType).toBe("application/json");
    expect(JSON.parse(last().body.toString("utf8"))).toEqual({ text: "hi" });
    await platformRequest(`${base}/plain`, { method: "POST", body: "hello" });
    expect(last().contentType).toBe("text/plain;charset=UTF-8");
  });

  it("sends a multipart form with its file, its length declared", async () => {
    const form = new FormData();
    form.set("message", "a photo");
    form.set("source", new Blob([new Uint8Array([0, 1, 2, 255])], { type: "image/png" }), "photo.png");
    await platformRequest(`${base}/photos`, { method: "POST", body: form });
    const { contentType, contentLength, body } = last();
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(Number(contentLength)).toBe(body.length);
    const parsed = await new Response(new Uint8Array(body), { headers: { "content-type": contentType! } }).formData();
    expect(parsed.get("message")).toBe("a photo");
    const file = parsed.get("source") as File;
    expect(file.name).toBe("photo.png");
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([0, 1, 2, 255]);
  });

  it("sends bytes as they are", async () => {
    await platformRequest(`${base}/upload`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: new Uint8Array([9, 8, 7]).subarray(1),
    });
    expect([...last().body]).toEqual([8, 7]);
  });

  it("answers a redirect as it is, not followed, and a body that is not JSON as its text", async () => {
    const redirect = await platformRequest(`${base}/redirect`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/elsewhere");
    expect(received.filter((request) => request.method === "GET")).toHaveLength(1);
    const broken = await platformRequest(`${base}/text`);
    expect(broken).toMatchObject({ status: 500, body: "upstream broke" });
  });

  it("gives up after its time limit with a transient error, and says when the platform cannot be reached", async () => {
    const slow = platformRequest(`${base}/slow`, { timeoutMs: 200 });
    await expect(slow).rejects.toEqual(new PlatformError("transient", "The platform did not answer in time"));
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(platformRequest(`http://127.0.0.1:${port}/`)).rejects.toEqual(
      new PlatformError("transient", "Could not reach the platform"),
    );
  });
});
