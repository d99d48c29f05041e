import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createHttpClient, errorMessage, HttpError, retryAfterSeconds, tryAgainIn } from "@/lib/client/http";

type Handler = (path: string, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function setup(handler: Handler, pathname = "/dashboard") {
  const calls: string[] = [];
  const location = { pathname, assign: vi.fn<(url: string) => void>() };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api/, "");
    calls.push(`${init?.method ?? "GET"} ${path}`);
    return handler(path, init ?? {});
  });
  const client = createHttpClient({ fetch: fetch as unknown as typeof globalThis.fetch, location });
  const cleared = vi.fn();
  client.onSessionCleared(cleared);
  return { client, calls, location, cleared };
}

/** A fetch whose answer arrives only when aborted (as a hanging server behaves). */
const never = (init: RequestInit) =>
  new Promise<Response>((_, reject) => {
    init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
  });

describe("http client: the 401 rule", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("answers concurrent 401s with one shared refresh, then retries each request once", async () => {
    let refreshed = false;
    let releaseRefresh: () => void = () => undefined;
    const { client, calls, cleared } = setup(async (path) => {
      if (path === "/auth/refresh-token") {
        await new Promise<void>((resolve) => (releaseRefresh = resolve));
        refreshed = true;
        return json(200, { success: true });
      }
      return refreshed
        ? json(200, { success: true, path })
        : json(401, { success: false, error: "Authentication required" });
    });

    const results = Promise.all([client.get("/post"), client.get("/analytics/overview"), client.get("/auth/me")]);
    await vi.advanceTimersByTimeAsync(100);
    releaseRefresh();
    await expect(results).resolves.toEqual([
      { success: true, path: "/post" },
      { success: true, path: "/analytics/overview" },
      { success: true, path: "/auth/me" },
    ]);
    expect(calls.filter((call) => call === "POST /auth/refresh-token")).toHaveLength(1);
    expect(calls.filter((call) => call === "GET /post")).toHaveLength(2);
    expect(cleared).not.toHaveBeenCalled();
  });

  it("retries only once: a second 401 clears the session and goes home", async () => {
    const { client, calls, cleared, location } = setup((path) =>
      path === "/auth/refresh-token"
        ? json(200, { success: true })
        : json(401, { success: false, error: "Authentication required" }),
    );
    await expect(client.get("/post")).rejects.toThrow("Authentication required");
    expect(calls).toEqual(["GET /post", "POST /auth/refresh-token", "GET /post"]);
    expect(cleared).toHaveBeenCalledOnce();
    expect(location.assign).toHaveBeenCalledWith("/");
  });

  it("a failed refresh answers 'Authentication failed', clears the session and goes home", async () => {
    const { client, calls, cleared, location } = setup(() => json(401, { success: false, error: "nope" }));
    await expect(client.get("/post")).rejects.toThrow("Authentication failed");
    expect(calls).toEqual(["GET /post", "POST /auth/refresh-token"]);
    expect(cleared).toHaveBeenCalledOnce();
    expect(location.assign).toHaveBeenCalledWith("/");
  });

  it("gives the refresh 5 s, then 'Authentication timeout'", async () => {
    const { client, location } = setup((path, init) => (path === "/auth/refresh-token" ? never(init) : json(401, {})));
    const result = client.get("/post").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(location.assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe("Authentication timeout");
    expect(location.assign).toHaveBeenCalledWith("/");
  });

  it("a caller arriving during a refresh waits at most 6 s for it", async () => {
    const calls: string[] = [];
    const location = { pathname: "/schedule", assign: vi.fn() };
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api/, "");
      calls.push(path);
      return path === "/auth/refresh-token" ? never(init ?? {}) : json(401, {});
    });
    const client = createHttpClient({
      fetch: fetch as unknown as typeof globalThis.fetch,
      location,
      refreshTimeoutMs: 20_000,
    });

    const first = client.get("/post").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10);
    const second = client.get("/post").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(((await second) as Error).message).toBe("Authentication timeout");
    expect(calls.filter((path) => path === "/auth/refresh-token")).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(((await first) as Error).message).toBe("Authentication timeout");
  });

  it.each(["/", "/login", "/register"])("clears the session but stays on %s", async (pathname) => {
    const { client, cleared, location } = setup(() => json(401, {}), pathname);
    await expect(client.get("/post")).rejects.toThrow();
    expect(cleared).toHaveBeenCalledOnce();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it.each(["/auth/login", "/auth/register", "/auth/refresh-token"])("never refreshes for %s", async (path) => {
    const { client, calls, cleared } = setup(() => json(401, { success: false, error: "Invalid email or password" }));
    await expect(client.post(path, {})).rejects.toThrow("Invalid email or password");
    expect(calls).toEqual([`POST ${path}`]);
    expect(cleared).not.toHaveBeenCalled();
  });

  it("skipAuthRefresh answers a 401 directly (the session probe)", async () => {
    const { client, calls } = setup(() => json(401, { success: false, error: "Authentication required" }));
    await expect(client.get("/auth/me", { skipAuthRefresh: true })).rejects.toThrow("Authentication required");
    expect(calls).toEqual(["GET /auth/me"]);
  });
});

describe("http client: errors and requests", () => {
  it.each([
    [json(400, { success: false, error: "Post content is too long." }), "Post content is too long."],
    [json(404, { success: false }), "API request failed"],
    [new Response("not json", { status: 409 }), "API request failed"],
    [json(429, { success: false, error: "slow down" }), "Too many requests"],
    [json(500, { success: false, error: "boom" }), "Server error. Please try again later."],
    [json(503, {}), "Server error. Please try again later."],
  ])("maps %# to its message", async (response, message) => {
    const { client } = setup(() => response);
    await expect(client.get("/post")).rejects.toThrow(message);
  });

  it("a 429 says how long to wait, from Retry-After in seconds or as a date", async () => {
    const limited = (retryAfter: string) =>
      new Response(JSON.stringify({ success: false, error: "Too many requests" }), {
        status: 429,
        headers: { "Content-Type": "application/json", "Retry-After": retryAfter },
      });
    const caught = async (response: Response) =>
      (await setup(() => response)
        .client.post("/auth/login", {})
        .catch((error: unknown) => error)) as HttpError;
    const minutes = await caught(limited("840"));
    expect(minutes).toMatchObject({ message: "Too many requests", status: 429, retryAfterSeconds: 840 });
    expect(errorMessage(minutes, "Login failed")).toBe("Too many requests. Please try again in 14 minutes.");
    expect(errorMessage(await caught(limited("40")), "x")).toBe("Too many requests. Please try again in 40 seconds.");
    const date = new Date(Date.now() + 3 * 3_600_000).toUTCString();
    expect(errorMessage(await caught(limited(date)), "x")).toMatch(
      /^Too many requests\. Please try again in (3|4) hours\.$/,
    );
    // Without the header: the spec's sentence alone.
    expect(errorMessage(await caught(json(429, { success: false })), "x")).toBe("Too many requests");
    expect(retryAfterSeconds("soon")).toBeUndefined();
    expect(tryAgainIn(1)).toBe("Please try again in a moment.");
    expect(tryAgainIn(90)).toBe("Please try again in 2 minutes.");
  });

  it("reports a network failure as 'Network error'", async () => {
    const { client } = setup(() => {
      throw new TypeError("fetch failed");
    });
    await expect(client.get("/post")).rejects.toThrow(/^Network error/);
  });

  it("sends JSON with cookies and a query string", async () => {
    let seen: RequestInit | undefined;
    let seenPath = "";
    const { client } = setup((path, init) => {
      seen = init;
      seenPath = path;
      return json(200, { success: true });
    });
    await client.put("/post/1", { content: "hi" }, { query: { page: 2, status: undefined } });
    expect(seenPath).toBe("/post/1?page=2");
    expect(seen?.credentials).toBe("include");
    expect(new Headers(seen?.headers).get("Content-Type")).toBe("application/json");
    expect(seen?.body).toBe(JSON.stringify({ content: "hi" }));
  });
});
