import { DEFAULT_LINKEDIN_VERSION } from "@/lib/networks/server/api-versions";
import { describe, expect, it } from "vitest";
import { facebookPageTokens, linkedInToken, twitterToken } from "../../../sandbox/testing-tokens";
import { ownSandbox } from "../../fixtures/own-sandbox";

/** /_control/publish: faults as each platform shows them, after-accept recording, latency, state. */

const bakery = { id: "111111111111111", name: "Ada's Bakery", category: "Bakery" };
const cafe = { id: "222222222222222", name: "Ada's Cafe", category: "Cafe" };
const LI_HEADERS = { "LinkedIn-Version": DEFAULT_LINKEDIN_VERSION, "X-Restli-Protocol-Version": "2.0.0" };

let pages: Record<string, string>;
const sandbox = ownSandbox(async (control, url) => {
  await control.defineFacebookUser({
    id: "100000000000042",
    name: "Ada",
    email: "ada@example.com",
    pages: [bakery, cafe],
  });
  pages = (await facebookPageTokens(url)).pages;
});

async function post(pageId: string, message: string, init: RequestInit = {}) {
  const response = await fetch(`${sandbox.url}/facebook/graph/v20.0/${pageId}/feed`, {
    method: "POST",
    body: new URLSearchParams({ message, access_token: pages[pageId] ?? "" }),
    ...init,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: (text.startsWith("{") ? JSON.parse(text) : {}) as Record<string, never>,
  };
}

const errorOf = (result: { body: Record<string, never> }) => result.body.error as unknown as Record<string, unknown>;

describe("faults on Facebook", () => {
  it("rate_limit answers #32 with usage headers, for `times` calls, then posts again", async () => {
    await sandbox.control.publishFaults({
      platform: "facebook",
      kind: "rate_limit",
      times: 2,
      resetAfterSeconds: 600,
      target: bakery.id,
    });
    const first = await post(bakery.id, "one");
    expect(errorOf(first)).toMatchObject({ code: 32 });
    const usage = JSON.parse(first.headers.get("x-business-use-case-usage") ?? "{}") as Record<
      string,
      { estimated_time_to_regain_access: number }[]
    >;
    expect(usage[bakery.id]?.[0]?.estimated_time_to_regain_access).toBe(10);
    expect(JSON.parse(first.headers.get("x-page-usage") ?? "{}")).toMatchObject({ call_count: 100 });
    expect((await post(cafe.id, "other page is not targeted")).status).toBe(200);
    expect(errorOf(await post(bakery.id, "two"))).toMatchObject({ code: 32 });
    expect((await post(bakery.id, "three")).status).toBe(200);
    expect(
      (await sandbox.control.publishedPosts({ platform: "facebook", target: bakery.id })).map((p) => p.text),
    ).toEqual(["three"]);
  });

  it("expired_token names the expiry and the current time on the sandbox clock, like the answer's Date", async () => {
    // Ten years on: any time read from the machine's clock would name another year.
    await sandbox.control.advanceClock(3650 * 86_400);
    await sandbox.control.publishFaults({ platform: "facebook", kind: "expired_token", target: bakery.id });
    const expired = await post(bakery.id, "later");
    const answeredAt = new Date(Date.parse(expired.headers.get("date") ?? ""));
    const year = String(answeredAt.getUTCFullYear() % 100).padStart(2, "0");
    expect(String(errorOf(expired).message)).toMatch(
      new RegExp(
        `Session has expired on \\w+, \\d\\d-\\w{3}-${year} .*The current time is \\w+, \\d\\d-\\w{3}-${year} `,
      ),
    );
  });

  it("server_error, duplicate and expired_token answer as Graph does and record nothing", async () => {
    await sandbox.control.publishFaults({ platform: "facebook", kind: "server_error" });
    const failed = await post(bakery.id, "a");
    expect(failed.status).toBe(500);
    expect(errorOf(failed)).toMatchObject({ code: 2, is_transient: true });
    await sandbox.control.publishFaults({ platform: "facebook", kind: "duplicate" });
    expect(errorOf(await post(bakery.id, "b"))).toMatchObject({ code: 506 });
    await sandbox.control.publishFaults({ platform: "facebook", kind: "expired_token" });
    expect(errorOf(await post(bakery.id, "c"))).toMatchObject({ code: 190, error_subcode: 463 });
    expect(await sandbox.control.publishedPosts()).toHaveLength(0);
  });

  it("afterAccept records the post but answers 500; the feed lookup finds it; a retry is a duplicate", async () => {
    await sandbox.control.publishFaults({ platform: "facebook", kind: "server_error", afterAccept: true });
    expect((await post(bakery.id, "accepted")).status).toBe(500);
    const [recorded] = await sandbox.control.publishedPosts({ platform: "facebook", target: bakery.id });
    expect(recorded).toMatchObject({ text: "accepted", target: bakery.id });
    const feed = await fetch(
      `${sandbox.url}/facebook/graph/v20.0/${bakery.id}/feed?fields=id,message&limit=5&access_token=${pages[bakery.id]}`,
    );
    expect(await feed.json()).toEqual({ data: [{ id: recorded!.id, message: "accepted" }] });
    expect(errorOf(await post(bakery.id, "accepted"))).toMatchObject({ code: 506 });
  });

  it("afterAccept with drop closes the connection after recording", async () => {
    await sandbox.control.publishFaults({ platform: "facebook", kind: "server_error", afterAccept: true, drop: true });
    await expect(post(bakery.id, "dropped")).rejects.toThrow();
    expect(await sandbox.control.publishedPosts({ platform: "facebook" })).toHaveLength(1);
  });

  it("timeout holds the answer for delayMs then gives 504; without delayMs it hangs until the client gives up", async () => {
    await sandbox.control.publishFaults({ platform: "facebook", kind: "timeout", delayMs: 300 });
    const started = Date.now();
    const slow = await post(bakery.id, "slow");
    expect(slow.status).toBe(504);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await sandbox.control.publishFaults({ platform: "facebook", kind: "timeout", times: -1 });
    await expect(post(bakery.id, "hang", { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(await sandbox.control.clearPublishFaults()).toBe(1);
    expect((await post(bakery.id, "fine")).status).toBe(200);
    expect((await sandbox.control.publishedPosts()).map((p) => p.text)).toEqual(["fine"]);
  });

  it("lookups are only hit when the fault names them", async () => {
    await sandbox.control.publishFaults({ platform: "facebook", kind: "server_error", operations: ["lookup"] });
    expect((await post(bakery.id, "posted")).status).toBe(200);
    const feed = await fetch(`${sandbox.url}/facebook/graph/v20.0/${bakery.id}/feed?access_token=${pages[bakery.id]}`);
    expect(feed.status).toBe(500);
  });
});

describe("faults on X and LinkedIn", () => {
  it("X rate_limit sends x-rate-limit-* headers; afterAccept records; expired_token is 401", async () => {
    const { token, userId } = await twitterToken(sandbox.url);
    const tweet = (text: string) =>
      fetch(`${sandbox.url}/x/api/2/tweets`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ text }),
      });
    await sandbox.control.publishFaults({ platform: "twitter", kind: "rate_limit", resetAfterSeconds: 120 });
    const limited = await tweet("hi");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("x-rate-limit-remaining")).toBe("0");
    const reset = Number(limited.headers.get("x-rate-limit-reset"));
    expect(reset - Date.now() / 1000).toBeGreaterThan(110);
    expect(reset - Date.now() / 1000).toBeLessThan(125);
    await sandbox.control.publishFaults({ platform: "twitter", kind: "expired_token" });
    expect((await tweet("hi")).status).toBe(401);
    await sandbox.control.publishFaults({ platform: "twitter", kind: "duplicate" });
    expect(((await (await tweet("hi")).json()) as { detail: string }).detail).toMatch(/duplicate content/);
    await sandbox.control.publishFaults({ platform: "twitter", kind: "server_error", afterAccept: true });
    expect((await tweet("lost answer")).status).toBe(500);
    expect((await sandbox.control.publishedPosts({ platform: "twitter", target: userId })).map((p) => p.text)).toEqual([
      "lost answer",
    ]);
  });

  it("LinkedIn rate_limit is a bare 429; afterAccept records; the state dump shows it all", async () => {
    const { token, sub } = await linkedInToken(sandbox.url);
    const share = (commentary: string) =>
      fetch(`${sandbox.url}/linkedin/api/rest/posts`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...LI_HEADERS },
        body: JSON.stringify({
          author: `urn:li:person:${sub}`,
          commentary,
          visibility: "PUBLIC",
          distribution: { feedDistribution: "MAIN_FEED" },
          lifecycleState: "PUBLISHED",
        }),
      });
    await sandbox.control.publishFaults({ platform: "linkedin", kind: "rate_limit" });
    const limited = await share("x");
    expect(limited.status).toBe(429);
    expect([...limited.headers.keys()].filter((name) => /rate|retry/i.test(name))).toEqual([]);
    await sandbox.control.publishFaults({ platform: "linkedin", kind: "duplicate" });
    expect(await (await share("x")).json()).toMatchObject({
      status: 422,
      errorDetails: { inputErrors: [{ code: "DUPLICATE_POST" }] },
    });
    await sandbox.control.publishFaults({ platform: "linkedin", kind: "expired_token" });
    expect(await (await share("x")).json()).toMatchObject({ status: 401, serviceErrorCode: 65600 });
    await sandbox.control.publishFaults({ platform: "linkedin", kind: "server_error", afterAccept: true, times: -1 });
    expect((await share("kept")).status).toBe(500);
    const state = (await sandbox.control.state()) as {
      publish: { faults: unknown[]; postCounts: Record<string, number> };
    };
    expect(state.publish.faults).toHaveLength(1);
    expect(state.publish.postCounts).toEqual({ facebook: 0, twitter: 0, linkedin: 1 });
    await sandbox.control.reset();
    expect(((await sandbox.control.state()) as { publish: { faults: unknown[] } }).publish.faults).toEqual([]);
  });
});

describe("control API", () => {
  it("latency slows every publish call; bad fault bodies are refused", async () => {
    await sandbox.control.setPublishLatency(200);
    const started = Date.now();
    expect((await post(bakery.id, "slow")).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    await sandbox.control.setPublishLatency(0);
    await expect(sandbox.control.publishFaults({ platform: "facebook", kind: "bogus" as "timeout" })).rejects.toThrow(
      /400/,
    );
    await expect(sandbox.control.publishFaults({ platform: "facebook", kind: "timeout", times: 0 })).rejects.toThrow(
      /400/,
    );
  });

  it("a target's own latency slows only that target's calls", async () => {
    await sandbox.control.setPublishLatency(300, bakery.id);
    let started = Date.now();
    expect((await post(cafe.id, "quick")).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(250);
    started = Date.now();
    expect((await post(bakery.id, "held")).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await sandbox.control.reset();
    expect(
      ((await sandbox.control.state()) as { publish: { targetLatencyMs: object } }).publish.targetLatencyMs,
    ).toEqual({});
  });
});
