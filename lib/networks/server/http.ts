import { request } from "undici";
import { PlatformError } from "./errors";

/**
 * The platform modules' one way to make a request: a time limit, and the body parsed when it is JSON.
 *
 * Made with undici's `request`, not `fetch`: at the instant thousands of posts fall due, a worker
 * makes a platform call per page, and fetch's WHATWG machinery (streams, signals, Request and
 * Response objects) cost about 180 µs of CPU more per call than `request` on the same keep-alive
 * connections (docs/benchmarks.md › publish-lag). Redirects are not followed (as
 * fetch's `redirect: "manual"` did): a platform's 3xx is an answer to read, not a place to go.
 */

export interface PlatformResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Multipart bodies are Node's FormData (the global), with files as Blobs. */
export type PlatformRequestBody = string | URLSearchParams | Uint8Array | FormData;

export interface PlatformRequestInit {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  headers?: Record<string, string>;
  body?: PlatformRequestBody;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const USER_AGENT = "Postloom";

let requestFence: (() => AbortSignal) | undefined;

/**
 * A signal that stops every platform request of this process when it aborts, asked before each
 * request: a worker whose heartbeat lapsed sends nothing and gives up what is in flight, because
 * another worker may take its pages over (lib/server/ops/heartbeat.ts).
 */
export function fencePlatformRequests(fence: () => AbortSignal): void {
  requestFence = fence;
}

export async function platformRequest(url: string, init: PlatformRequestInit = {}): Promise<PlatformResponse> {
  const { method = "GET", timeoutMs = DEFAULT_TIMEOUT_MS } = init;
  const fence = requestFence?.();
  if (fence?.aborted) throw new PlatformError("transient", "This worker may not send now (its heartbeat lapsed)");
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abort = () => controller.abort();
  fence?.addEventListener("abort", abort, { once: true });
  const { signal } = controller;
  let answer;
  let text;
  try {
    try {
      const { body, headers } = await encodeBody(init);
      answer = await request(url, { method, headers, body, signal });
    } catch {
      throw new PlatformError(
        "transient",
        timedOut
          ? "The platform did not answer in time"
          : signal.aborted
            ? "Stopped: this worker's heartbeat lapsed"
            : "Could not reach the platform",
      );
    }
    text = await answer.body.text().catch(() => "");
  } finally {
    clearTimeout(timer);
    fence?.removeEventListener("abort", abort);
  }
  let body: unknown = text;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      // keep the text
    }
  }
  return { status: answer.statusCode, headers: toHeaders(answer.headers), body };
}

/**
 * The bytes to send and their type, as fetch would send them: a form as urlencoded UTF-8, a bare
 * string as text, a multipart form with its boundary (Node's FormData is serialized by its own
 * Response: undici's `request` knows only undici's FormData class). A type the caller set is kept.
 */
async function encodeBody(
  init: PlatformRequestInit,
): Promise<{ body?: string | Uint8Array; headers: Record<string, string> }> {
  // What fetch sent on its own and `request` does not: some front ends refuse a request without a
  // User-Agent. Answers come uncompressed (no Accept-Encoding): they are small, and we skip inflating them.
  const headers: Record<string, string> = { accept: "*/*", "user-agent": USER_AGENT };
  for (const [name, value] of Object.entries(init.headers ?? {})) headers[name.toLowerCase()] = value;
  const { body } = init;
  if (body === undefined) return { headers };
  const typed = (type: string | null) => {
    if (type && !headers["content-type"]) headers["content-type"] = type;
    return headers;
  };
  if (typeof body === "string") return { body, headers: typed("text/plain;charset=UTF-8") };
  if (body instanceof URLSearchParams)
    return { body: body.toString(), headers: typed("application/x-www-form-urlencoded;charset=UTF-8") };
  if (body instanceof FormData) {
    const encoded = new Response(body);
    return { body: new Uint8Array(await encoded.arrayBuffer()), headers: typed(encoded.headers.get("content-type")) };
  }
  return { body, headers };
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

export const form = (values: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) params.set(key, value);
  return params;
};

export const basicAuth = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

/** Seconds from now as a Date, or null when the platform gave no lifetime. */
export const expiresIn = (seconds: unknown, now = Date.now()) =>
  typeof seconds === "number" && seconds > 0 ? new Date(now + seconds * 1000) : null;

export const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export const asString = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
export const asNumber = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;

/** A figure as a whole count, 0 when the platform left it out. */
export const asCount = (value: unknown) => Math.max(0, Math.trunc(asNumber(value) ?? 0));

/**
 * A moment the platform named on its own clock (a rate limit's reset) as a moment on ours: the
 * same distance ahead of now as it is ahead of the answer's `Date`, so neither a skewed clock here
 * nor one there makes us wait too little. Without a readable `Date`, the platform's clock is ours.
 */
export function onOurClock(platformMs: number, headers: Headers, now = Date.now()): Date {
  const serverNow = Date.parse(headers.get("date") ?? "");
  return new Date(Number.isNaN(serverNow) ? platformMs : now + (platformMs - serverNow));
}

/** The platform's time of an answer (its `Date`), or ours when it sent none. */
export const platformNow = (headers: Headers, now = Date.now()): Date => {
  const serverNow = Date.parse(headers.get("date") ?? "");
  return new Date(Number.isNaN(serverNow) ? now : serverNow);
};
