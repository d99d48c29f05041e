import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { API_CONTENT_SECURITY_POLICY, commonSecurityHeaders } from "@/lib/server/http/security-headers";
import { ApiClient, registeredClient } from "../../fixtures/api-client";
import { pngBytes } from "../../fixtures/media-files";
import { appRoutes, fillTemplate, sampleSegment } from "../../fixtures/app-routes";

/**
 * Issue #13, item 5: every page and every API route answers with the security headers, signed in
 * or not, whatever the status. Routes are read from app/, so a new one cannot escape.
 */

const fill = sampleSegment;

const routes = appRoutes();
const pages = routes.filter((route) => route.kind === "page").map((route) => fillTemplate(route.template, fill));
const apiRequests = routes
  .filter((route) => route.kind === "api")
  .flatMap((route) => route.methods.map((method) => ({ method, path: fillTemplate(route.template, fill) })));

// Over http (the test stack's APP_URL): no HSTS, see the unit tests for https.
const common = commonSecurityHeaders({ https: false, development: false });

function expectCommonHeaders(headers: Headers, where: string) {
  for (const [name, value] of Object.entries(common)) expect(headers.get(name), `${name} on ${where}`).toBe(value);
  expect(headers.get("strict-transport-security"), `HSTS on ${where} over http`).toBeNull();
}

/** The page's policy, checked; returns its script nonce. */
function expectPagePolicy(headers: Headers, where: string): string {
  const policy = headers.get("content-security-policy") ?? "";
  expect(policy, `CSP on ${where}`).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'self'");
  const scriptSrc = policy.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
  expect(scriptSrc, `script-src on ${where}`).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc)?.[1];
  expect(nonce, `a nonce in ${where}'s script-src`).toBeTruthy();
  return nonce!;
}

/** Every <script> of the HTML carries the response's nonce: none would run without it. */
function expectScriptsCarryNonce(html: string, nonce: string, where: string) {
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length, `scripts on ${where}`).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, `a script on ${where}`).toContain(`nonce="${nonce}"`);
}

describe("security headers", () => {
  it("every page, signed out, carries the page policy with a nonce and the common headers", async () => {
    const client = new ApiClient();
    for (const path of pages) {
      const response = await client.get(path);
      expect(response.status, path).toBeLessThan(500);
      expectCommonHeaders(response.headers, path);
      const nonce = expectPagePolicy(response.headers, path);
      if (response.status === 200) expectScriptsCarryNonce(response.text, nonce, path);
    }
  });

  it("every page, signed in, answers 200 and cannot be framed; every script carries that response's nonce", async () => {
    const { client } = await registeredClient();
    for (const path of pages) {
      const response = await client.get(path);
      // Signed-out pages (/login, /register) send a signed-in user on: the redirect is checked too.
      expect([200, 307], path).toContain(response.status);
      expectCommonHeaders(response.headers, path);
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      const nonce = expectPagePolicy(response.headers, path);
      if (response.status === 200) expectScriptsCarryNonce(response.text, nonce, path);
    }
    const dashboard = await client.get("/dashboard");
    expect(dashboard.status).toBe(200);
  });

  it("each page response has a nonce of its own", async () => {
    const client = new ApiClient();
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i += 1) nonces.add(expectPagePolicy((await client.get("/login")).headers, "/login"));
    expect(nonces.size).toBe(5);
  });

  it("every API route and method, signed out, carries the API headers, whatever it answers", async () => {
    const client = new ApiClient();
    for (const { method, path } of apiRequests) {
      const response = await client.request(method, path, method === "GET" ? {} : { json: {} });
      const where = `${method} ${path}`;
      expect(response.status, where).toBeLessThan(500);
      expectCommonHeaders(response.headers, where);
      expect(response.headers.get("content-security-policy"), where).toBe(API_CONTENT_SECURITY_POLICY);
    }
  });

  it("API answers to a signed-in user carry them too, successes and refusals alike", async () => {
    const { client } = await registeredClient();
    const requests: Array<[string, string, unknown?]> = [
      ["GET", "/api/auth/me"],
      ["GET", "/api/post"],
      ["GET", "/api/media/user"],
      ["GET", "/api/social/accounts"],
      ["POST", "/api/post", { content: "" }],
      ["GET", `/api/post/${randomUUID()}`],
    ];
    for (const [method, path, json] of requests) {
      const response = await client.request(method, path, json === undefined ? {} : { json });
      expectCommonHeaders(response.headers, `${method} ${path}`);
      expect(response.headers.get("content-security-policy")).toBe(API_CONTENT_SECURITY_POLICY);
    }
  });

  it("media files keep their own type, caching and sandboxed policy", async () => {
    const { client } = await registeredClient();
    const body = new FormData();
    body.append("media", new Blob([new Uint8Array(pngBytes(40, 30))], { type: "image/png" }), "dot.png");
    const uploaded = await client.request("POST", "/api/media/upload", { body });
    expect(uploaded.status).toBe(201);
    const [item] = uploaded.body.data as Array<{ url: string }>;
    const file = await fetch(`${client.baseUrl}${item!.url}`, { headers: { cookie: client.cookieHeader() } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expectCommonHeaders(file.headers, item!.url);
    const policy = file.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("sandbox");
  });
});
