import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { ApiClient, registeredClient } from "../../fixtures/api-client";
import { appRoutes, fillTemplate, sampleSegment } from "../../fixtures/app-routes";
import { testStack } from "../../fixtures/test-stack";

/**
 * Answers in one shape: a method a route does not implement (every API route, read from app/), an
 * unsafe method on a page, and a request head Node.js refuses all answer in the API's JSON error
 * shape, with `Allow` where the method is wrong; and API answers, a person's own, are never cached.
 */

const ALL_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"] as const;

const fill = sampleSegment;

/** What `Allow` lists for a route implementing `methods` (HEAD with GET, OPTIONS always), in one order. */
function allowFor(methods: readonly string[]): string {
  const allow = new Set([...methods, "OPTIONS"]);
  if (allow.has("GET")) allow.add("HEAD");
  return ALL_METHODS.filter((method) => allow.has(method)).join(", ");
}

const request = (method: string, path: string) =>
  new ApiClient().request(method, path, { headers: { Origin: testStack().appUrl } });

describe("a method a route does not implement", () => {
  const routes = appRoutes().filter((route) => route.kind === "api");
  // The logout GET is the spec's fallback: a 405 of its own, saying how to sign out.
  const explicit405 = new Set(["GET /api/auth/logout"]);

  it.each(routes.map((route) => [route.template, route] as const))(
    "%s: 405 in the error shape with Allow",
    async (_, route) => {
      const path = fillTemplate(route.template, fill);
      const implemented = route.methods.filter((method) => !explicit405.has(`${method} ${route.template}`));
      const allow = allowFor(implemented);
      const refused = ALL_METHODS.filter(
        (method) =>
          method !== "OPTIONS" &&
          !(implemented as string[]).includes(method) &&
          !(method === "HEAD" && implemented.includes("GET")),
      );
      for (const method of refused) {
        const answer = await request(method, path);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.get("allow"), `${method} ${path}`).toBe(allow);
        if (method !== "HEAD")
          expect(answer.body, `${method} ${path}`).toMatchObject({ success: false, code: "method_not_allowed" });
      }
      const options = await request("OPTIONS", path);
      expect(options.status, `OPTIONS ${path}`).toBe(204);
      expect(options.headers.get("allow"), `OPTIONS ${path}`).toBe(allow);
    },
  );

  it("/api/health: POST and DELETE are 405 JSON naming GET", async () => {
    for (const method of ["POST", "DELETE"]) {
      const answer = await request(method, "/api/health");
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect(answer.headers.get("content-type")).toContain("application/json");
      expect(answer.body).toEqual({
        success: false,
        error: "This address answers GET, HEAD, OPTIONS.",
        code: "method_not_allowed",
      });
    }
  });
});

describe("an unsafe method on a page", () => {
  it.each(["/", "/dashboard", "/login", "/schedule"])("%s: 405 JSON with Allow, not the page's HTML", async (path) => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const answer = await request(method, path);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect(answer.headers.get("content-type")).toContain("application/json");
      expect(answer.body).toMatchObject({ success: false, code: "method_not_allowed" });
    }
    // Reading it is as before (the page, or a redirect to sign in).
    expect((await request("GET", path)).status, `GET ${path}`).toBeLessThan(400);
  });
});

describe("a request head Node.js refuses", () => {
  /** One request over a raw socket (fetch refuses to send such a head): the status line and the body. */
  function raw(head: string): Promise<{ status: number; headers: string; body: string }> {
    const { hostname, port } = new URL(testStack().appUrl);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: hostname === "localhost" ? "127.0.0.1" : hostname, port: Number(port) });
      let received = "";
      socket.on("data", (chunk) => (received += chunk.toString("utf8")));
      socket.on("error", reject);
      socket.on("close", () => {
        const [top = "", body = ""] = received.split("\r\n\r\n");
        resolve({ status: Number(top.split(" ")[1]), headers: top, body });
      });
      socket.write(head);
    });
  }

  it("over the size limit: 431 in the error shape", async () => {
    const answer = await raw(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${"a".repeat(64 * 1024)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      error: "The request's headers are too large.",
      code: "headers_too_large",
    });
  });

  it("that does not parse: 400 in the error shape", async () => {
    const answer = await raw("GET /api/health HTTP/1.1\r\nHost: localhost\r\nBad Header Line\r\n\r\n");
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: "bad_request" });
  });
});

describe("API answers are not cached", () => {
  it("a person's own answers, their errors and the public ones carry Cache-Control: no-store", async () => {
    const { client } = await registeredClient();
    for (const path of ["/api/auth/me", "/api/subscription/usage", "/api/post"]) {
      const answer = await client.get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("cache-control"), path).toBe("no-store");
    }
    const signedOut = await new ApiClient().get("/api/auth/me");
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("cache-control")).toBe("no-store");
    expect((await new ApiClient().get("/api/health")).headers.get("cache-control")).toBe("no-store");
  });
});
