import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublishInput, PublishMedia } from "@/lib/networks/server/types";
import { buildRouter, startSandbox, type RunningSandbox } from "../../../sandbox/server";
import { X_OPERATION_SCOPES, type XOperation } from "../../../sandbox/platforms/twitter/scopes";
import { SandboxStore } from "../../../sandbox/state";
import { sandboxControl } from "../../../sandbox/testing";
import { twitterToken, twitterTokenWithScopes } from "../../../sandbox/testing-tokens";
import { call } from "../../fixtures/fetch-json";
import { mp4Bytes, pngBytes } from "../../fixtures/media-files";
import { loadXSpec, schemaRef, type XSpec } from "../../contracts/x-openapi";

/**
 * The X sandbox and our X client checked against X's own OpenAPI spec (shared/contracts): every
 * route exists there with its method, the scopes each route demands are the operation's
 * `security`, and what our client really sends (recorded by a proxy between it and the sandbox)
 * and what the sandbox answers validate against the operation's schemas. Where X's documentation
 * says otherwise than the spec, DOCUMENTED_DEVIATIONS names it with its source.
 */

/**
 * Error bodies X documents but the spec's Problem union lacks (docs.x.com/x-api/fundamentals/
 * response-codes-and-errors lists `about:blank` and `.../usage-capped`; the 402 `credits` problem is
 * X's answer as logged by clients in 2026): checked as RFC 7807 problems instead.
 */
const DOCUMENTED_PROBLEM_TYPES = [
  "about:blank",
  "https://api.twitter.com/2/problems/credits",
  "https://api.twitter.com/2/problems/usage-capped",
];
/** The query parameter X documents as `tweet.fields` (docs.x.com, fields and metrics pages); the spec calls it `post.fields`. */
const QUERY_ALIASES: Record<string, string> = { "tweet.fields": "post.fields" };
/**
 * Fields X's documentation and live answers name as before, renamed in the spec (xdk 2.167):
 * docs.x.com data dictionary (tweet_count, edit_history_tweet_ids) and metrics page (retweet_count).
 * Answers are checked with these renamed to the spec's names.
 */
const FIELD_ALIASES: Record<string, string> = {
  tweet_count: "post_count",
  retweet_count: "repost_count",
  edit_history_tweet_ids: "edit_history_post_ids",
};
const withSpecNames = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withSpecNames)
    : value && typeof value === "object"
      ? Object.fromEntries(Object.entries(value).map(([key, item]) => [FIELD_ALIASES[key] ?? key, withSpecNames(item)]))
      : value;
/** Not in the spec at all: OAuth 2.0 (docs.x.com, OAuth 2.0 authorization code flow). */
const OAUTH_PATHS = /^\/2\/oauth2\//;

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  requestType: string;
  requestBody: Buffer;
  status: number;
  responseType: string;
  responseBody: string;
}

const saved = { ...process.env };
let spec: XSpec;
let sandbox: RunningSandbox;
let proxy: Server;
let recorded: Recorded[] = [];
let platforms: typeof import("@/lib/networks/server");
let fetchMetrics: typeof import("@/lib/networks/server").fetchMetrics;

beforeAll(async () => {
  spec = loadXSpec();
  sandbox = await startSandbox({ port: 0, xTier: "payg" });
  // Between our client and the sandbox: forwards each call and keeps a copy of both directions.
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const requestBody = Buffer.concat(chunks);
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !["host", "connection", "content-length"].includes(name)),
      ) as Record<string, string>;
      void fetch(`${sandbox.url}${req.url}`, {
        method: req.method,
        headers,
        body: ["GET", "HEAD"].includes(req.method ?? "GET") ? undefined : requestBody,
      }).then(async (answer) => {
        const responseBody = await answer.text();
        const url = new URL(req.url ?? "/", "http://proxy");
        if (url.pathname.startsWith("/x/api/"))
          recorded.push({
            method: req.method ?? "GET",
            path: url.pathname.slice("/x/api".length),
            query: url.searchParams,
            requestType: req.headers["content-type"] ?? "",
            requestBody,
            status: answer.status,
            responseType: answer.headers.get("content-type") ?? "",
            responseBody,
          });
        const type = answer.headers.get("content-type");
        res.writeHead(answer.status, {
          ...(type ? { "content-type": type } : {}),
          ...Object.fromEntries([...answer.headers].filter(([name]) => /^(x-|date$)/.test(name))),
        });
        res.end(responseBody);
      });
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  for (const key of Object.keys(process.env)) if (/^TWITTER_CLIENT_/.test(key)) delete process.env[key];
  Object.assign(process.env, {
    SANDBOX_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    AUTH_SECRET: "x-contract-tests-secret-x-contract-tests",
    TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64"),
    // Provider alerts the client raises go to a prefix of this run's own.
    REDIS_PREFIX: `postloom-test-xcontract-${randomBytes(4).toString("hex")}`,
    TWITTER_API_TIER: "payg",
  });
  platforms = await import("@/lib/networks/server");
  ({ fetchMetrics } = await import("@/lib/networks/server"));
});

afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await sandbox.close();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

/** The sandbox's X API routes, from its own router: `GET /2/users/{id}/tweets` style. */
function sandboxXRoutes(): { method: string; template: string }[] {
  return buildRouter(new SandboxStore())
    .list()
    .map((route) => route.split(" ") as [string, string])
    .filter(([, pattern]) => pattern.startsWith("/x/api/2/"))
    .map(([method, pattern]) => ({
      method,
      template: pattern.slice("/x/api".length).replace(/:(\w+)(\([^)]*\))?\??/g, "{$1}"),
    }));
}

function media(kind: "image" | "video", filename: string, bytes: Uint8Array): PublishMedia {
  const copy = () => new Uint8Array(bytes);
  return {
    kind,
    mimeType: kind === "image" ? "image/png" : "video/mp4",
    size: bytes.length,
    width: null,
    height: null,
    filename,
    altText: null,
    open: async () => new Response(copy()).body!,
    bytes: async () => copy(),
  };
}

const publishInput = (accessToken: string, pageId: string, text: string, files: PublishMedia[] = []): PublishInput => ({
  accessToken,
  pageId,
  pageAccessToken: null,
  handle: "contract",
  text,
  media: files,
  beforeRequest: async () => undefined,
});

/** A multipart or JSON request body as the values the spec's schema describes. */
async function requestValues(entry: Recorded, schema: Record<string, unknown> | undefined): Promise<unknown> {
  if (entry.requestType.startsWith("application/json")) return JSON.parse(entry.requestBody.toString("utf8"));
  const form = await new Response(new Uint8Array(entry.requestBody), {
    headers: { "content-type": entry.requestType },
  }).formData();
  const properties = (schema?.properties ?? {}) as Record<string, { type?: string }>;
  const values: Record<string, unknown> = {};
  for (const [name, value] of form.entries())
    values[name] = typeof value !== "string" ? "(file)" : properties[name]?.type === "integer" ? Number(value) : value;
  return values;
}

/** Every way a recorded call differs from the spec's operation; empty when it conforms. */
async function specProblems(entry: Recorded): Promise<string[]> {
  const where = `${entry.method} ${entry.path} → ${entry.status}`;
  const operation = spec.find(entry.method, entry.path);
  if (!operation) return [`${where}: no such operation in X's spec`];
  const problems: string[] = [];
  const parameters = ((operation.operation.parameters ?? []) as { $ref?: string; name?: string }[]).map(
    (parameter) => parameter.name ?? spec.parameters[parameter.$ref?.split("/").pop() ?? ""]?.name,
  );
  for (const name of entry.query.keys())
    if (!parameters.includes(QUERY_ALIASES[name] ?? name)) problems.push(`${where}: unknown query parameter ${name}`);

  const requestBody = operation.operation.requestBody;
  if (entry.requestBody.length > 0 || requestBody) {
    const contentType = entry.requestType.split(";")[0] ?? "";
    const ref = schemaRef(requestBody, contentType);
    if (!ref) problems.push(`${where}: the spec takes no ${contentType || "body"} here`);
    else {
      const validate = spec.validatorFor(ref);
      const values = await requestValues(entry, spec.schemas[ref.split("/").pop() ?? ""]);
      if (!validate(values)) problems.push(`${where}: request ${JSON.stringify(validate.errors)}`);
    }
  }

  const responses = operation.operation.responses as Record<string, unknown>;
  const success = entry.status >= 200 && entry.status < 300;
  const declared = responses[String(entry.status)] ?? (success ? undefined : responses.default);
  if (!declared) return [...problems, `${where}: the spec declares no ${entry.status} answer`];
  const contentType = entry.responseType.split(";")[0] ?? "";
  const body = entry.responseBody ? (JSON.parse(entry.responseBody) as Record<string, unknown>) : undefined;
  if (contentType === "application/problem+json" && DOCUMENTED_PROBLEM_TYPES.includes(String(body?.type))) {
    if (typeof body?.title !== "string") problems.push(`${where}: a problem without a title`);
    return problems;
  }
  const ref = schemaRef(declared, contentType);
  if (!ref) return [...problems, `${where}: the spec declares no ${contentType || "empty"} answer`];
  const validate = spec.validatorFor(ref);
  if (!validate(withSpecNames(body))) problems.push(`${where}: response ${JSON.stringify(validate.errors)}`);
  return problems;
}

describe("X sandbox routes against X's OpenAPI spec", () => {
  it("every X API route of the sandbox is an operation of the spec with that method (OAuth aside)", () => {
    const routes = sandboxXRoutes().filter((route) => !OAUTH_PATHS.test(route.template));
    expect(routes.length).toBeGreaterThanOrEqual(9);
    const missing = routes.filter(
      (route) => !spec.operations.some((op) => op.method === route.method && op.template === route.template),
    );
    expect(missing).toEqual([]);
  });

  it("the scopes the sandbox demands per route are the operation's `security` scopes", () => {
    const routes = sandboxXRoutes().filter((route) => !OAUTH_PATHS.test(route.template));
    const table = X_OPERATION_SCOPES as Record<string, readonly string[]>;
    for (const route of routes) {
      const key = `${route.method} ${route.template}`;
      const operation = spec.operations.find((op) => op.method === route.method && op.template === route.template);
      expect({ key, scopes: [...(table[key] ?? [])].sort() }).toEqual({
        key,
        scopes: operation ? spec.userScopes(operation) : ["(not in the spec)"],
      });
    }
  });
});

/** One request per operation, enough to pass the scope check (the answer past it does not matter). */
function probe(operation: XOperation, url: string, token: string) {
  const api = `${url}/x/api`;
  const auth = { authorization: `Bearer ${token}` };
  const json = { ...auth, "content-type": "application/json" };
  const form = () => {
    const body = new FormData();
    body.set("media_category", "tweet_image");
    body.set("segment_index", "0");
    body.set("media", new Blob([new Uint8Array(pngBytes(2, 2))]), "a.png");
    return body;
  };
  const requests: Record<XOperation, () => Promise<{ status: number }>> = {
    "POST /2/tweets": () => call(`${api}/2/tweets`, { method: "POST", headers: json, body: '{"text":"scopes"}' }),
    "GET /2/tweets": () => call(`${api}/2/tweets?ids=1`, { headers: auth }),
    "GET /2/users/me": () => call(`${api}/2/users/me`, { headers: auth }),
    "GET /2/users/{id}/tweets": () => call(`${api}/2/users/1/tweets`, { headers: auth }),
    "POST /2/media/upload": () => call(`${api}/2/media/upload`, { method: "POST", headers: auth, body: form() }),
    "GET /2/media/upload": () => call(`${api}/2/media/upload?command=STATUS&media_id=1`, { headers: auth }),
    "POST /2/media/upload/initialize": () =>
      call(`${api}/2/media/upload/initialize`, {
        method: "POST",
        headers: json,
        body: '{"media_type":"video/mp4","total_bytes":10,"media_category":"tweet_video"}',
      }),
    "POST /2/media/upload/{id}/append": () =>
      call(`${api}/2/media/upload/1/append`, { method: "POST", headers: auth, body: form() }),
    "POST /2/media/upload/{id}/finalize": () =>
      call(`${api}/2/media/upload/1/finalize`, { method: "POST", headers: auth }),
  };
  return requests[operation]();
}

describe("X sandbox scopes in practice", () => {
  it("each route refuses (403) a token missing any one of its spec scopes, and lets one with all of them past", async () => {
    const refusedWithout: string[] = [];
    const allowed: string[] = [];
    let n = 0;
    for (const [operation, scopes] of Object.entries(X_OPERATION_SCOPES) as [XOperation, readonly string[]][]) {
      const full = await twitterTokenWithScopes(sandbox.url, `scopes_${n++}`, scopes.join(" "));
      if ((await probe(operation, sandbox.url, full)).status !== 403) allowed.push(operation);
      for (const left of scopes) {
        const fewer = scopes.filter((scope) => scope !== left);
        // X wants at least one scope; a token of offline.access alone stands for "none of these".
        const token = await twitterTokenWithScopes(sandbox.url, `scopes_${n++}`, fewer.join(" ") || "offline.access");
        if ((await probe(operation, sandbox.url, token)).status === 403) refusedWithout.push(`${operation} -${left}`);
      }
    }
    const expected = Object.entries(X_OPERATION_SCOPES).flatMap(([operation, scopes]) =>
      scopes.map((scope) => `${operation} -${scope}`),
    );
    expect(refusedWithout).toEqual(expected);
    expect(allowed).toEqual(Object.keys(X_OPERATION_SCOPES));
  });
});

describe("our X client's calls and the sandbox's answers against X's spec", () => {
  it("profile, posts with an image and a video, the recovery lookup and metrics: requests and answers validate", async () => {
    recorded = [];
    const { token, userId } = await twitterToken(sandbox.url, "contract_ada");
    recorded = [];
    const x = platforms.platformModule("twitter");
    await x.getProfile(token);
    const sentAt = new Date();
    const plain = await x.publish(publishInput(token, userId, "Fresh bread at 7, see https://example.com"));
    await x.publish(publishInput(token, userId, "Rolls", [media("image", "rolls.png", pngBytes(8, 8))]));
    await x.publish(publishInput(token, userId, "Kneading", [media("video", "knead.mp4", mp4Bytes(6 * 1024 * 1024))]));
    await x.findRecentPost(publishInput(token, userId, "Fresh bread at 7, see https://example.com"), sentAt);
    await fetchMetrics("twitter", {
      accessToken: token,
      pageAccessToken: null,
      grantedScopes: [],
      postIds: [plain.platformPostId, "1"],
      beforeRequest: async () => undefined,
    });
    const operations = new Set(recorded.map((entry) => spec.find(entry.method, entry.path)?.template ?? entry.path));
    expect([...operations].sort()).toEqual([
      "/2/media/upload",
      "/2/media/upload/initialize",
      "/2/media/upload/{id}/append",
      "/2/media/upload/{id}/finalize",
      "/2/tweets",
      "/2/users/me",
      "/2/users/{id}/tweets",
    ]);
    const problems = (await Promise.all(recorded.map(specProblems))).flat();
    expect(problems).toEqual([]);
  });

  it("error answers the client meets validate too: invalid request, duplicate, 401, 402 and usage-capped", async () => {
    const { token, userId } = await twitterToken(sandbox.url, "contract_bea");
    const control = sandboxControl(sandbox.url);
    const x = platforms.platformModule("twitter");
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => ({ kind: "none" }),
        (error: unknown) => ({ kind: (error as { kind?: string }).kind }),
      );
    recorded = [];
    await x.publish(publishInput(token, userId, "Twice"));
    const kinds = [await failure(x.publish(publishInput(token, userId, "Twice")))];
    kinds.push(await failure(x.getProfile("not-a-token")));
    const metricsOf = (postIds: string[]) =>
      fetchMetrics("twitter", {
        accessToken: token,
        pageAccessToken: null,
        grantedScopes: [],
        postIds,
        beforeRequest: async () => undefined,
      });
    kinds.push(await failure(metricsOf(["not-an-id"])));
    await control.setTwitterBilling({ credits_usd: 0 });
    kinds.push(await failure(x.publish(publishInput(token, userId, "No credits"))));
    await control.setTwitterBilling({ credits_usd: null, spend_limit_reached: true });
    kinds.push(await failure(x.publish(publishInput(token, userId, "Capped"))));
    await control.setTwitterBilling({ spend_limit_reached: false });

    expect(kinds).toEqual([
      { kind: "duplicate" },
      { kind: "expired_token" },
      { kind: "invalid_request" },
      { kind: "credits_depleted" },
      { kind: "usage_capped" },
    ]);
    expect(recorded.map((entry) => entry.status)).toEqual([201, 403, 401, 400, 402, 429]);
    const problems = (await Promise.all(recorded.map(specProblems))).flat();
    expect(problems).toEqual([]);
  });
});
