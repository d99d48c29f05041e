import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createHttpClient } from "@/lib/client/http";
import { loadSession } from "@/lib/client/requests/auth";

const session = { success: true, user: { id: "u1", name: "Ada", email: "a@b.co" }, socialAccounts: [], stats: {} };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function clientWith(handler: (path: string, init: RequestInit) => Promise<Response>) {
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    handler(String(input).replace(/^\/api/, ""), init ?? {}),
  );
  return createHttpClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    location: { pathname: "/", assign: vi.fn() },
  });
}

describe("loadSession", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("answers the user from /auth/me", async () => {
    const client = clientWith(async () => json(200, session));
    await expect(loadSession(client, vi.fn())).resolves.toMatchObject({ user: { name: "Ada" } });
  });

  it("treats 3 s without an answer as a visitor, then takes a late session from /auth/user", async () => {
    const late = vi.fn();
    const client = clientWith((path, init) =>
      path === "/auth/me"
        ? new Promise((_, reject) =>
            init.signal?.addEventListener("abort", () => reject(new DOMException("Auth timeout", "AbortError"))),
          )
        : Promise.resolve(json(200, session)),
    );
    const result = loadSession(client, late);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(late).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(late).toHaveBeenCalledWith(expect.objectContaining({ user: session.user }));
  });

  it("a 401 makes a visitor without a refresh", async () => {
    const paths: string[] = [];
    const client = clientWith(async (path) => {
      paths.push(path);
      return json(401, { success: false });
    });
    await expect(loadSession(client, vi.fn())).resolves.toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(paths).toEqual(["/auth/me", "/auth/user"]);
  });
});
