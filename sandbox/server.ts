import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { assets } from "./assets";
import { control } from "./control";
import { mail, startMailCatcher } from "./mail";
import { platforms, reservedPrefixes } from "./platforms";
import { createRequestContext, baseUrlOf } from "./request-context";
import { BadRequestError, json, type SandboxResponse } from "./responses";
import { Router } from "./router";
import { parseXTier, type XTier } from "./platforms/twitter/tiers";
import { SandboxStore } from "./state";

/**
 * The platform sandbox: one HTTP server playing Google, Facebook, X, LinkedIn and an OpenAI-compatible
 * API under path prefixes, Stripe at /v1 (its SDK allows no prefix), plus /_control for tests, and a
 * mail catcher (an SMTP server whose messages are listed at /_mail). Every call to startSandbox gets its own state and
 * keys, so parallel test files never see each other's users or tokens.
 */

export interface SandboxOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the sandbox hands out tokens to anyone, so it stays off the network. */
  host?: string;
  /** Fixes the externally visible base URL instead of mirroring each request's Host header. */
  publicUrl?: string;
  /** One line per request (method, path without query, status, time). Default off. */
  log?: boolean;
  /** The mail catcher's SMTP port: default 4025, or a free one when `port` is 0. */
  smtpPort?: number;
  /** X API access tier whose rate limits apply; default SANDBOX_X_TIER, else TWITTER_API_TIER, else payg (X's default plan). */
  xTier?: XTier;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:4010 — what SANDBOX_URL should be. */
  url: string;
  port: number;
  /** e.g. smtp://127.0.0.1:4025 — what the app's SMTP_URL should be. */
  smtpUrl: string;
  close(): Promise<void>;
}

export function buildRouter(store: SandboxStore): Router {
  const router = new Router();
  for (const part of [control, assets, mail, ...platforms]) part.register(router, store);
  return router;
}

async function respond(
  router: Router,
  store: SandboxStore,
  request: IncomingMessage,
  options: SandboxOptions,
  fallbackHost: string,
  signal: AbortSignal,
): Promise<SandboxResponse> {
  const url = new URL(request.url ?? "/", "http://sandbox.invalid");
  const method = request.method ?? "GET";
  const match = router.match(method, url.pathname);
  if (match.kind === "method-not-allowed") {
    return json(
      405,
      { error: "method_not_allowed", message: `${method} is not supported on ${url.pathname}` },
      { allow: match.allowed.join(", ") },
    );
  }
  if (match.kind === "not-found") {
    const reserved = Object.entries(reservedPrefixes).find(
      ([prefix]) => url.pathname.startsWith(prefix) || `${url.pathname}/` === prefix,
    );
    if (reserved)
      return json(501, { error: "not_implemented", message: `The sandbox does not play ${reserved[1]} yet.` });
    return json(404, { error: "not_found", message: `No sandbox route for ${method} ${url.pathname}` });
  }
  const baseUrl = options.publicUrl?.replace(/\/$/, "") ?? baseUrlOf(request, fallbackHost);
  const ctx = createRequestContext(request, url, baseUrl, store, match.params, signal);
  try {
    return await match.handler(ctx);
  } catch (error) {
    if (error instanceof BadRequestError)
      return json(error.status, { error: "invalid_request", message: error.message });
    console.error(`[sandbox] ${method} ${url.pathname} failed`, error);
    return json(500, { error: "server_error", message: "The sandbox failed to handle this request; see its log." });
  }
}

async function write(
  response: ServerResponse,
  request: IncomingMessage,
  result: SandboxResponse,
  signal: AbortSignal,
): Promise<void> {
  // The client gave up (a fault held the answer back); nobody is left to answer.
  if (response.destroyed) return;
  if (result.drop) {
    response.destroy();
    return;
  }
  if (result.stream) {
    // No content-length: Node sends the pieces chunked as they come, which is what SSE clients read.
    response.writeHead(result.status, result.headers);
    response.flushHeaders();
    if (request.method !== "HEAD")
      await result.stream((chunk) => {
        if (!response.destroyed) response.write(chunk);
      }, signal);
    response.end();
    return;
  }
  response.writeHead(result.status, { ...result.headers, "content-length": Buffer.byteLength(result.body) });
  response.end(request.method === "HEAD" ? undefined : result.body);
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? "127.0.0.1";
  // `npm run up` starts the sandbox with the app's environment: it plays X with the app's own tier.
  const xTier = options.xTier ?? parseXTier(process.env.SANDBOX_X_TIER || process.env.TWITTER_API_TIER);
  const store = new SandboxStore({ xTier });
  const router = buildRouter(store);
  let fallbackHost = host;

  const server = createServer((request, response) => {
    const started = performance.now();
    // Aborted only when the client hangs up before the whole answer is written (an abort builds a
    // DOMException with its stack: on every answer that was a tenth of the sandbox's CPU).
    const gone = new AbortController();
    response.on("close", () => {
      if (!response.writableFinished) gone.abort();
    });
    respond(router, store, request, options, fallbackHost, gone.signal)
      .then(async (result) => {
        // The platforms' clock is the sandbox clock: a client that reads a reset time against the
        // server's Date (LinkedIn's midnight, X's reset) sees the time the sandbox lives in.
        const dated = { ...result, headers: { date: new Date(store.now()).toUTCString(), ...result.headers } };
        await write(response, request, dated, gone.signal);
        if (options.log) {
          // The query is left out on purpose: it carries codes and access tokens.
          const path = (request.url ?? "/").split("?")[0];
          console.log(
            `[sandbox] ${request.method} ${path} ${result.status} ${Math.round(performance.now() - started)}ms`,
          );
        }
      })
      .catch((error: unknown) => {
        console.error("[sandbox] could not write a response", error);
        response.destroy();
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4010, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("The sandbox is not listening on a TCP port");
  const { port } = address;
  const visibleHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  fallbackHost = `${visibleHost}:${port}`;

  const closeHttp = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      // fetch keeps connections alive; without this close() would wait for them to idle out.
      server.closeAllConnections();
    });
  const smtp = await startMailCatcher(store, options.smtpPort ?? (options.port === 0 ? 0 : 4025), host).catch(
    async (error: unknown) => {
      await closeHttp();
      throw error;
    },
  );

  return {
    url: options.publicUrl?.replace(/\/$/, "") ?? `http://${fallbackHost}`,
    port,
    smtpUrl: `smtp://${visibleHost}:${smtp.port}`,
    close: async () => {
      await Promise.all([closeHttp(), smtp.close()]);
    },
  };
}
