/**
 * Handlers return plain response values instead of writing to the socket, so a handler is a
 * function from request to data that tests and other handlers can reason about.
 */

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Close the connection without answering (a platform that accepted the request and then vanished). */
  drop?: boolean;
  /**
   * Sent after the headers, piece by piece, instead of `body` (server-sent events). `send` writes at
   * once; `signal` aborts when the client hangs up, so a producer that waits between pieces stops.
   */
  stream?: (send: (chunk: string) => void, signal: AbortSignal) => Promise<void>;
}

/** Tokens and codes must never be cached by a proxy or browser, as real OAuth servers insist. */
const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

export function json(status: number, data: unknown, headers: Record<string, string> = {}): SandboxResponse {
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...NO_STORE, ...headers },
    body: JSON.stringify(data),
  };
}

export function html(status: number, markup: string): SandboxResponse {
  return { status, headers: { "content-type": "text/html; charset=utf-8", ...NO_STORE }, body: markup };
}

export function text(status: number, content: string, contentType = "text/plain; charset=utf-8"): SandboxResponse {
  return { status, headers: { "content-type": contentType }, body: content };
}

/** A `text/event-stream` answer written by `produce` (OpenAI's streamed completions). */
export function eventStream(
  produce: NonNullable<SandboxResponse["stream"]>,
  headers: Record<string, string> = {},
): SandboxResponse {
  return {
    status: 200,
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", ...headers },
    body: "",
    stream: produce,
  };
}

export function redirect(location: string): SandboxResponse {
  return { status: 302, headers: { location, ...NO_STORE }, body: "" };
}

/** Thrown for a request the sandbox cannot even parse (bad JSON, oversized body). */
export class BadRequestError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = "BadRequestError";
  }
}

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Appends query parameters to a URL that may already carry some (redirect URIs often do). */
export function withQuery(base: string, params: Record<string, string | undefined>, hash = ""): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString() + hash;
}
