import { readServerSentEvents } from "@/lib/event-stream";
import { WORKSPACE_HEADER } from "@/lib/workspaces/constants";

/**
 * The one fetch client for the browser. Every call goes to /api, sends cookies and JSON, and reads
 * errors from the `error` field. A 401 (except on login, register and refresh-token) triggers one
 * shared session refresh (5 s limit; callers arriving while it runs wait up to 6 s), then one retry;
 * if that fails too the local session is cleared and the user is sent home (unless already on
 * /, /login, /register or the password reset pages). Every request names the workspace this tab
 * works in (`setWorkspace`, kept by the session provider), so two tabs on two workspaces never
 * write into each other's.
 */

export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    /** A 429's Retry-After, in seconds, when the server sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** Retry-After as seconds from now: a number of seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** "Please try again in 40 seconds." / "… in 15 minutes." (rounded up: never sooner than the server said). */
export function tryAgainIn(seconds: number): string {
  if (seconds <= 1) return "Please try again in a moment.";
  if (seconds < 90) return `Please try again in ${seconds} seconds.`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 90
    ? `Please try again in ${minutes} minutes.`
    : `Please try again in ${Math.ceil(minutes / 60)} hours.`;
}

/** What the user reads when a request (or a piece of the app being loaded) cannot reach the server. */
export const NETWORK_ERROR_MESSAGE = "Network error. Please check your connection and try again.";
export const REFRESH_TIMEOUT_MS = 5_000;
export const REFRESH_WAIT_MS = 6_000;
const PUBLIC_PATHS = ["/", "/login", "/register", "/forgot-password", "/reset-password"];
const NO_REFRESH_PATHS = ["/auth/login", "/auth/register", "/auth/refresh-token"];

export interface RequestOptions extends Omit<RequestInit, "body"> {
  /** Serialised as JSON with a JSON content type. */
  json?: unknown;
  /** Sent as is (multipart uploads). */
  body?: BodyInit;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Answer a 401 with an error instead of refreshing (the session probe uses it). */
  skipAuthRefresh?: boolean;
}

export interface HttpClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  refreshTimeoutMs?: number;
  refreshWaitMs?: number;
  location?: { readonly pathname: string; assign(url: string): void };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

export function createHttpClient(options: HttpClientOptions = {}) {
  const baseUrl = options.baseUrl ?? "/api";
  const doFetch = (input: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);
  const refreshTimeoutMs = options.refreshTimeoutMs ?? REFRESH_TIMEOUT_MS;
  const refreshWaitMs = options.refreshWaitMs ?? REFRESH_WAIT_MS;
  const sessionClearedListeners = new Set<() => void>();
  let refreshing: Promise<void> | null = null;
  let workspaceId: string | null = null;

  const location = () => options.location ?? (typeof window === "undefined" ? undefined : window.location);

  function url(path: string, query?: RequestOptions["query"]): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) search.set(key, String(value));
    }
    const qs = search.toString();
    return `${baseUrl}${path}${qs ? `?${qs}` : ""}`;
  }

  async function send(path: string, init: RequestOptions): Promise<Response> {
    const { json, query, skipAuthRefresh: _skip, headers, body, ...rest } = init;
    const finalHeaders = new Headers(headers);
    if (json !== undefined) finalHeaders.set("Content-Type", "application/json");
    if (workspaceId && !finalHeaders.has(WORKSPACE_HEADER)) finalHeaders.set(WORKSPACE_HEADER, workspaceId);
    try {
      return await doFetch(url(path, query), {
        credentials: "include",
        ...rest,
        headers: finalHeaders,
        body: json !== undefined ? JSON.stringify(json) : body,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      throw new HttpError(NETWORK_ERROR_MESSAGE, 0, "network_error");
    }
  }

  async function refreshOnce(): Promise<void> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), refreshTimeoutMs);
    try {
      const response = await send("/auth/refresh-token", { method: "POST", signal: controller.signal });
      if (!response.ok) throw new HttpError("Authentication failed", 401, "refresh_failed");
    } catch (error) {
      if (controller.signal.aborted) throw new HttpError("Authentication timeout", 401, "refresh_timeout");
      throw error instanceof HttpError ? error : new HttpError("Authentication failed", 401, "refresh_failed");
    } finally {
      clearTimeout(timer);
    }
  }

  /** Starts the refresh, or joins the one already running for at most refreshWaitMs. */
  function refreshSession(): Promise<void> {
    if (refreshing)
      return withTimeout(
        refreshing,
        refreshWaitMs,
        () => new HttpError("Authentication timeout", 401, "refresh_timeout"),
      );
    refreshing = refreshOnce().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function clearSession(): void {
    for (const listener of sessionClearedListeners) listener();
    const loc = location();
    if (loc && !PUBLIC_PATHS.includes(loc.pathname)) loc.assign("/");
  }

  async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    const response = await send(path, init);
    const mayRefresh = !init.skipAuthRefresh && !NO_REFRESH_PATHS.includes(path);
    if (response.status !== 401 || !mayRefresh) return readBody<T>(response);

    try {
      await refreshSession();
    } catch (error) {
      clearSession();
      throw error;
    }
    const retried = await send(path, init);
    if (retried.status === 401) clearSession();
    return readBody<T>(retried);
  }

  /**
   * Opens a streamed answer (`text/event-stream`) and yields the JSON of each event's `data` as it
   * arrives. The 401 rule applies as for `request`; an error status throws the usual HttpError. A
   * server that answers plain JSON instead yields that one body. Abort through `init.signal`.
   */
  async function* stream<T>(path: string, init: RequestOptions = {}): AsyncGenerator<T, void, undefined> {
    const streamInit: RequestOptions = {
      ...init,
      headers: { Accept: "text/event-stream, application/json", ...Object.fromEntries(new Headers(init.headers)) },
    };
    let response = await send(path, streamInit);
    if (response.status === 401 && !init.skipAuthRefresh && !NO_REFRESH_PATHS.includes(path)) {
      try {
        await refreshSession();
      } catch (error) {
        clearSession();
        throw error;
      }
      response = await send(path, streamInit);
      if (response.status === 401) clearSession();
    }
    if (!response.ok) {
      await readBody<never>(response);
      return;
    }
    const type = response.headers.get("Content-Type") ?? "";
    if (!type.includes("text/event-stream") || !response.body) {
      yield (await readBody<T>(response)) as T;
      return;
    }
    try {
      for await (const data of readServerSentEvents(response.body)) {
        let parsed: T;
        try {
          parsed = JSON.parse(data) as T;
        } catch {
          continue; // a keep-alive or malformed line: nothing to hand on
        }
        yield parsed;
      }
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      if (init.signal?.aborted) throw new DOMException("aborted", "AbortError");
      throw new HttpError(NETWORK_ERROR_MESSAGE, 0, "network_error");
    }
  }

  return {
    request,
    refreshSession,
    stream,
    get: <T>(path: string, init?: RequestOptions) => request<T>(path, { ...init, method: "GET" }),
    post: <T>(path: string, json?: unknown, init?: RequestOptions) =>
      request<T>(path, { ...init, method: "POST", json }),
    put: <T>(path: string, json?: unknown, init?: RequestOptions) => request<T>(path, { ...init, method: "PUT", json }),
    patch: <T>(path: string, json?: unknown, init?: RequestOptions) =>
      request<T>(path, { ...init, method: "PATCH", json }),
    delete: <T>(path: string, json?: unknown, init?: RequestOptions) =>
      request<T>(path, { ...init, method: "DELETE", json }),
    /** The workspace this tab works in, named by every request from now on. */
    setWorkspace(id: string | null): void {
      workspaceId = id;
    },
    workspace: (): string | null => workspaceId,
    /** Called whenever the client gives up on the session (the session provider forgets the user). */
    onSessionCleared(listener: () => void): () => void {
      sessionClearedListeners.add(listener);
      return () => sessionClearedListeners.delete(listener);
    },
  };
}

async function readBody<T>(response: Response): Promise<T> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body as T;
  const fields = (body && typeof body === "object" ? body : {}) as { error?: unknown; code?: unknown };
  const code = typeof fields.code === "string" ? fields.code : undefined;
  if (response.status >= 500) throw new HttpError("Server error. Please try again later.", response.status, code);
  if (response.status === 429)
    throw new HttpError("Too many requests", 429, code, retryAfterSeconds(response.headers.get("Retry-After")));
  const message = typeof fields.error === "string" && fields.error ? fields.error : "API request failed";
  throw new HttpError(message, response.status, code);
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The app's client. Tests build their own with createHttpClient. */
export const http = createHttpClient();

/** The message to show for any error thrown by the client. */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof HttpError)) return fallback;
  // A refusal that ends says when ("Too many requests. Please try again in 15 minutes.").
  if (error.status === 429 && error.retryAfterSeconds !== undefined)
    return `${error.message}. ${tryAgainIn(error.retryAfterSeconds)}`;
  return error.message;
}
