import { setMaxListeners } from "node:events";
import { BadRequestError, json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import { GRAPH, checkGraphToken, graphError } from "./graph-auth";

/**
 * Graph's batch requests: `POST /` with `batch`, a JSON array of operations, each answered as if it
 * had been sent on its own (developers.facebook.com/docs/graph-api/batch-requests). As strict as
 * Graph, or stricter (sources in sandbox/README.md, "Batch requests"):
 * - at most 50 operations, else (#100) for the whole request, nothing run;
 * - a valid top-level `access_token` is required even when every operation names its own (the
 *   top-level one stands in for an operation that names none); a bad one refuses the whole request;
 * - each operation is run by the same route as a call of its own, so every rule of that route
 *   (token, permissions, version, rate limits, faults, the call log) applies to it, and each counts
 *   as one call;
 * - answers come in the operations' order as `{code, headers: [{name, value}], body}`, `body` the
 *   JSON text of the answer; `include_headers=false` leaves the headers out;
 * - an operation the batch gave up on answers `null` ("Responses for requests that are not
 *   successful will be null"). A fault that times a call out or drops its connection does that
 *   here; a fault that fires after the platform accepted the post leaves it published and still
 *   answers null, so a client must treat null as "may have gone out".
 */

export const MAX_BATCH = 50;

interface Operation {
  method: string;
  relativeUrl: string;
  body: string;
}

type Parsed = { ok: true; operations: Operation[] } | { ok: false; response: SandboxResponse };

const invalid = (message: string): Parsed => ({ ok: false, response: graphError({ message, code: 100 }) });

function parseOperations(raw: string | null): Parsed {
  if (raw === null || raw.trim() === "") return invalid("(#100) The parameter batch is required");
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return invalid("(#100) param batch must be a JSON array");
  }
  if (!Array.isArray(value) || value.length === 0) return invalid("(#100) param batch must be a non-empty JSON array");
  if (value.length > MAX_BATCH)
    return invalid(`(#100) Too many requests in batch message. Maximum batch size is ${MAX_BATCH}`);
  const operations: Operation[] = [];
  for (const [index, item] of value.entries()) {
    const entry = item && typeof item === "object" && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
    const { method, relative_url: relativeUrl, body = "" } = entry;
    if (typeof method !== "string" || !["GET", "POST", "DELETE"].includes(method.toUpperCase()))
      return invalid(`(#100) batch[${index}]: method must be GET, POST or DELETE`);
    if (typeof relativeUrl !== "string" || relativeUrl.trim() === "")
      return invalid(`(#100) batch[${index}]: relative_url is required`);
    if (typeof body !== "string") return invalid(`(#100) batch[${index}]: body must be a URL-encoded string`);
    operations.push({ method: method.toUpperCase(), relativeUrl: relativeUrl.replace(/^\/+/, ""), body });
  }
  return { ok: true, operations };
}

/**
 * The operation as a request of its own, with the batch's version and, when it names none, its
 * token. A class, so fifty operations share its methods instead of making closures each.
 */
class OperationRequest implements RequestContext {
  readonly method: string;
  readonly query: URLSearchParams;
  readonly headers: RequestContext["headers"];
  readonly baseUrl: string;
  readonly store: RequestContext["store"];
  readonly signal: AbortSignal;

  constructor(
    batchRequest: RequestContext,
    readonly batch: number,
    private readonly body: string,
    method: string,
    readonly params: Record<string, string | undefined>,
    readonly url: URL,
  ) {
    this.method = method;
    this.query = url.searchParams;
    // Its own body's type; the batch's Authorization header would stand in for the operation's own token.
    this.headers = {
      ...batchRequest.headers,
      authorization: undefined,
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(body)),
    };
    this.baseUrl = batchRequest.baseUrl;
    this.store = batchRequest.store;
    this.signal = batchRequest.signal;
  }

  async raw(): Promise<Buffer> {
    return Buffer.from(this.body, "utf8");
  }

  async text(): Promise<string> {
    return this.body;
  }

  async form(): Promise<URLSearchParams> {
    return new URLSearchParams(this.body);
  }

  async json(): Promise<unknown> {
    throw new BadRequestError("Body is not valid JSON");
  }
}

const VERSIONED = /^v\d+\.\d+\//;
const NAMES_TOKEN = /(?:^|&)access_token=/;

function operationUrl(ctx: RequestContext, operation: Operation, topLevelToken: string): URL {
  const version = ctx.params.version && !VERSIONED.test(operation.relativeUrl) ? `${ctx.params.version}/` : "";
  const url = new URL(`/facebook/graph/${version}${operation.relativeUrl}`, "http://sandbox.invalid");
  if (!url.searchParams.has("access_token") && !NAMES_TOKEN.test(operation.body))
    url.searchParams.set("access_token", topLevelToken);
  return url;
}

/** One operation's answer in the batch's form; null where the batch gave up on it. */
async function runOperation(
  router: Router,
  ctx: RequestContext,
  batch: number,
  operation: Operation,
  topLevelToken: string,
  includeHeaders: boolean,
): Promise<Record<string, unknown> | null> {
  const url = operationUrl(ctx, operation, topLevelToken);
  const match = router.match(operation.method, url.pathname);
  let response: SandboxResponse;
  if (match.kind !== "found") {
    response = graphError({
      message: `Unsupported ${operation.method.toLowerCase()} request. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      type: "GraphMethodException",
      code: 100,
    });
  } else {
    try {
      response = await match.handler(
        new OperationRequest(ctx, batch, operation.body, operation.method, match.params, url),
      );
    } catch (error) {
      if (!(error instanceof BadRequestError)) throw error;
      response = graphError({ message: `(#100) ${error.message}`, code: 100 });
    }
  }
  // A call that timed out or lost its connection (publish.ts's faults) is one the batch gave up on.
  if (response.drop || response.stream || response.status === 504) return null;
  const headers = Object.entries(response.headers).map(([name, value]) => ({ name, value }));
  return { code: response.status, ...(includeHeaders ? { headers } : {}), body: response.body };
}

export function registerFacebookBatch(router: Router): void {
  let batches = 0;
  router.post(GRAPH, async (ctx) => {
    const form = await ctx.form();
    const token = ctx.query.get("access_token") ?? form.get("access_token");
    if (!token) return graphError({ message: "An access token is required to request this resource.", code: 104 });
    const auth = checkGraphToken(ctx.store, token);
    if (!auth.ok) return auth.response;
    const parsed = parseOperations(ctx.query.get("batch") ?? form.get("batch"));
    if (!parsed.ok) return parsed.response;
    const includeHeaders = (ctx.query.get("include_headers") ?? form.get("include_headers")) !== "false";
    // Independent operations run in parallel, as Graph runs them; each may wait on the batch's signal.
    setMaxListeners(parsed.operations.length + 10, ctx.signal);
    const batch = (batches += 1);
    const answers = await Promise.all(
      parsed.operations.map((operation) => runOperation(router, ctx, batch, operation, token, includeHeaders)),
    );
    return json(200, answers);
  });
}
