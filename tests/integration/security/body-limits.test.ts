import { randomUUID } from "node:crypto";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { MAX_JSON_BYTES } from "@/lib/server/api/limits";
import { registeredClient } from "../../fixtures/api-client";

/**
 * Issue #13, item 9: a JSON body is refused by its declared Content-Length before it is read, and a
 * chunked body is read only up to the limit (a 50 MB body used to be read whole first).
 */

interface RawResult {
  status: number;
  body: Record<string, unknown>;
  /** Body bytes this client had handed to the socket when the answer came. */
  sentBytes: number;
}

/**
 * A request over a raw socket: `declaredLength` goes out as Content-Length (nothing of the body is
 * sent); without it, the body is chunked and keeps coming, 64 KB at a time, until the server answers
 * or `maxSendBytes` have gone.
 */
function rawRequest(
  url: string,
  cookie: string,
  options: { method: string; declaredLength?: number; maxSendBytes?: number },
): Promise<RawResult> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const headers: Record<string, string> = { cookie, "content-type": "application/json" };
    if (options.declaredLength !== undefined) headers["content-length"] = String(options.declaredLength);
    const req = http.request(url, { method: options.method, headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        req.destroy();
        const text = Buffer.concat(chunks).toString("utf8");
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          body = { text };
        }
        resolve({ status: res.statusCode ?? 0, body, sentBytes });
      });
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    req.setTimeout(20_000, () => req.destroy(new Error("no answer within 20 s")));
    if (options.declaredLength !== undefined) {
      req.flushHeaders();
      return;
    }
    const chunk = Buffer.alloc(64 * 1024, " ");
    req.write("[");
    const pump = () => {
      while (!answered && sentBytes < (options.maxSendBytes ?? Infinity)) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered) req.end("]");
    };
    pump();
  });
}

describe("JSON body limits", () => {
  it("a declared Content-Length over the limit is refused with 413 before any of the body is sent", async () => {
    const { client } = await registeredClient();
    const result = await rawRequest(`${client.baseUrl}/api/social/posts`, client.cookieHeader(), {
      method: "POST",
      declaredLength: 50_000_000,
    });
    expect(result.status).toBe(413);
    expect(result.body).toEqual({ success: false, error: "Request body is too large", code: "payload_too_large" });
    const posts = await client.get("/api/post");
    expect(posts.body.posts).toEqual([]);
  });

  it("a chunked body that never ends is answered 413 once it passes the limit", async () => {
    const { client } = await registeredClient();
    // The body would go on for 1 GB; reading it whole would take far longer than the timeout.
    const result = await rawRequest(`${client.baseUrl}/api/social/posts`, client.cookieHeader(), {
      method: "POST",
      maxSendBytes: 1_000_000_000,
    });
    expect(result.status).toBe(413);
    expect(result.body.code).toBe("payload_too_large");
    // What was on its way when the answer came: the limit plus socket buffers, nowhere near 1 GB.
    expect(result.sentBytes).toBeLessThan(MAX_JSON_BYTES + 64 * 1024 * 1024);
    const posts = await client.get("/api/post");
    expect(posts.body.posts).toEqual([]);
  });

  it("an honest body over the limit answers 413 and changes nothing", async () => {
    const { client } = await registeredClient();
    const padded = `{"postIds": [${JSON.stringify(randomUUID())}]${" ".repeat(MAX_JSON_BYTES)}}`;
    const response = await client.request("DELETE", "/api/post/bulk/delete", {
      body: padded,
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe("payload_too_large");
  });

  it("a body just under the limit is read and handled", async () => {
    const { client } = await registeredClient();
    const json = `{"postIds": [${JSON.stringify(randomUUID())}]}`;
    const padded = json.slice(0, -1) + " ".repeat(MAX_JSON_BYTES - json.length - 10) + "}";
    const response = await client.request("DELETE", "/api/post/bulk/delete", {
      body: padded,
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
  });

  it("a body that is not UTF-8 answers 400, not 500", async () => {
    const { client } = await registeredClient();
    const response = await client.request("DELETE", "/api/post/bulk/delete", {
      body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("invalid_json");
  });
});
