import { describe, expect, it } from "vitest";
import { ApiClient, registeredClient } from "../../fixtures/api-client";
import { appRoutes, fillTemplate, isDynamicSegment } from "../../fixtures/app-routes";

/**
 * Issue #13, items 1 and 10: a path that does not percent-decode answers 400 in the error shape
 * under /api (Next.js answered 500 text/plain before any handler ran) and the 404 page elsewhere;
 * an /api path no route has answers the JSON 404, not the HTML page.
 */

const MALFORMED = ["%C0%AF", "%ED%A0%80", "abc%FF", "%", "%zz"];
const routes = appRoutes();
const dynamicApi = routes.filter(
  (route) => route.kind === "api" && route.template.split("/").some(isDynamicSegment) && route.methods.length > 0,
);
const dynamicPages = routes.filter(
  (route) => route.kind === "page" && route.template.split("/").some(isDynamicSegment),
);

describe("malformed percent-encoding", () => {
  it("every dynamic API route answers 400 in the error shape for every method, signed in or not", async () => {
    expect(dynamicApi.length).toBeGreaterThan(5);
    const { client: signedIn } = await registeredClient();
    for (const client of [new ApiClient(), signedIn]) {
      for (const route of dynamicApi) {
        for (const bad of MALFORMED) {
          const path = fillTemplate(route.template, () => bad);
          for (const method of route.methods) {
            const response = await client.request(method, path, method === "GET" ? {} : { json: { content: "x" } });
            const where = `${method} ${path}`;
            expect(response.status, where).toBe(400);
            expect(response.headers.get("content-type"), where).toContain("application/json");
            expect(response.body, where).toEqual({
              success: false,
              error: "The address contains invalid percent-encoding.",
              code: "bad_request",
            });
          }
        }
      }
    }
  });

  it("a malformed static part of an API path answers 400 too", async () => {
    const response = await new ApiClient().get("/api/post%C0%AF");
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("bad_request");
  });

  it("pages with a dynamic segment answer the 404 page, with the page headers", async () => {
    expect(dynamicPages.length).toBeGreaterThan(0);
    const client = new ApiClient();
    for (const route of dynamicPages) {
      for (const bad of MALFORMED) {
        const path = fillTemplate(route.template, () => bad);
        const response = await client.get(path);
        expect(response.status, path).toBe(404);
        expect(response.headers.get("content-type"), path).toContain("text/html");
        expect(response.text, path).toContain("404 - Page Not Found");
        expect(response.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      }
    }
    // Any other page path too.
    expect((await client.get("/settings%FF")).status).toBe(404);
  });

  it("a well-encoded path still reaches its handler", async () => {
    const { client } = await registeredClient();
    const response = await client.get("/api/post/%61bc");
    expect(response.status).not.toBe(400);
    expect(response.body.code).not.toBe("bad_request");
  });
});

describe("unknown API paths", () => {
  it("answer the JSON 404 for every method, signed in or not", async () => {
    const { client: signedIn } = await registeredClient();
    const paths = ["/api/no-such-endpoint", "/api/post/123/no-such-action", "/api/social/nothing/here/at/all", "/api"];
    for (const client of [new ApiClient(), signedIn]) {
      for (const path of paths) {
        for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
          const response = await client.request(method, path, method === "GET" ? {} : { json: {} });
          const where = `${method} ${path}`;
          expect(response.status, where).toBe(404);
          expect(response.headers.get("content-type"), where).toContain("application/json");
          expect(response.body, where).toEqual({
            success: false,
            error: "There is no API endpoint at this address.",
            code: "not_found",
          });
        }
      }
    }
  });

  it("known routes are not shadowed by the catch-all", async () => {
    const { client } = await registeredClient();
    expect((await client.get("/api/auth/me")).status).toBe(200);
    expect((await client.get("/api/post")).body.success).toBe(true);
  });
});
