import { DEFAULT_LINKEDIN_VERSION } from "@/lib/networks/server/api-versions";
import { afterEach, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../../sandbox/server";
import { sandboxControl } from "../../../sandbox/testing";
import { linkedInToken, twitterToken } from "../../../sandbox/testing-tokens";
import { call } from "../../fixtures/fetch-json";

/**
 * The sandbox's rate limits, as strict as the services': X's per-tier windows per user and per app
 * (15 minutes / 24 hours, with X's headers), LinkedIn's daily limits that reset at midnight UTC.
 * Each test starts its own sandbox with the tier it needs; time moves by the sandbox clock.
 */

const sandboxes: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((sandbox) => sandbox.close()));
});

async function sandboxWith(xTier?: "free" | "basic" | "pro" | "enterprise") {
  const sandbox = await startSandbox({ port: 0, ...(xTier ? { xTier } : {}) });
  sandboxes.push(sandbox);
  return { url: sandbox.url, control: sandboxControl(sandbox.url) };
}

const tweet = (url: string, token: string, text: string) =>
  call(`${url}/x/api/2/tweets`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ text }),
  });

const limitHeaders = (headers: Headers) =>
  Object.fromEntries([...headers].filter(([name]) => /^x-(rate|user|app)-limit/.test(name)));

/** The server's clock (the sandbox clock), from its Date header, in epoch seconds. */
const serverSeconds = (headers: Headers) => Date.parse(headers.get("date") ?? "") / 1000;

/** A reset `seconds` after the answer's Date: whole seconds, rounded up (never early). */
const resetIn = (headers: Headers, seconds: number) =>
  expect.toSatisfy((value: string) => {
    const wait = Number(value) - serverSeconds(headers);
    return wait >= seconds && wait <= seconds + 1;
  });

describe("X rate limits by tier", () => {
  it("Free: 17 posts a day per user and per app; the 18th gets 429 with X's headers until the window resets", async () => {
    const { url, control } = await sandboxWith("free");
    const ada = await twitterToken(url, "ada_limits");
    const first = await tweet(url, ada.token, "Post 1");
    expect(first.status).toBe(201);
    const reset = Number(first.headers.get("x-rate-limit-reset"));
    // The window opened with this call and lasts 24 hours (by the sandbox clock, sent as Date).
    expect(reset - serverSeconds(first.headers)).toBeGreaterThan(86_399);
    expect(reset - serverSeconds(first.headers)).toBeLessThanOrEqual(86_401);
    expect(limitHeaders(first.headers)).toEqual({
      "x-rate-limit-limit": "17",
      "x-rate-limit-remaining": "16",
      "x-rate-limit-reset": String(reset),
      "x-user-limit-24hour-limit": "17",
      "x-user-limit-24hour-remaining": "16",
      "x-user-limit-24hour-reset": String(reset),
      "x-app-limit-24hour-limit": "17",
      "x-app-limit-24hour-remaining": "16",
      "x-app-limit-24hour-reset": String(reset),
    });
    for (let n = 2; n <= 17; n += 1) expect((await tweet(url, ada.token, `Post ${n}`)).status).toBe(201);

    const refused = await tweet(url, ada.token, "Post 18");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.body).toEqual({
      title: "Too Many Requests",
      detail: "Too Many Requests",
      type: "about:blank",
      status: 429,
    });
    expect(limitHeaders(refused.headers)).toMatchObject({
      "x-rate-limit-limit": "17",
      "x-rate-limit-remaining": "0",
      "x-rate-limit-reset": String(reset),
      "x-user-limit-24hour-remaining": "0",
      "x-app-limit-24hour-remaining": "0",
    });
    // Refused calls are not counted, and the app's cap holds every other user of the app too.
    const grace = await twitterToken(url, "grace_limits");
    expect((await tweet(url, grace.token, "Hello")).status).toBe(429);
    expect((await control.publishedPosts({ platform: "twitter" })).length).toBe(17);

    // Shortly before the reset: still refused; at the reset: a fresh window. (X's tokens last two
    // hours, so a day later the user signs in again.)
    await control.advanceClock(reset - serverSeconds(refused.headers) - 3);
    const late = await twitterToken(url, "ada_limits");
    expect(late.userId).toBe(ada.userId);
    expect((await tweet(url, late.token, "Post 18")).status).toBe(429);
    await control.advanceClock(4);
    const after = await tweet(url, late.token, "Post 18");
    expect(after.status).toBe(201);
    expect(after.headers.get("x-rate-limit-remaining")).toBe("16");
  });

  it("Free: one timeline read per 15 minutes; GET /2/users/me carries its own 25-a-day window", async () => {
    const { url, control } = await sandboxWith("free");
    const ada = await twitterToken(url, "ada_reads");
    const timeline = () =>
      call(`${url}/x/api/2/users/${ada.userId}/tweets?max_results=5`, {
        headers: { authorization: `Bearer ${ada.token}` },
      });
    const read = await timeline();
    expect(read.status).toBe(200);
    expect(limitHeaders(read.headers)).toEqual({
      "x-rate-limit-limit": "1",
      "x-rate-limit-remaining": "0",
      "x-rate-limit-reset": resetIn(read.headers, 900),
    });
    const again = await timeline();
    expect(again.status).toBe(429);
    expect(again.headers.get("x-rate-limit-reset")).toBe(read.headers.get("x-rate-limit-reset"));
    await control.advanceClock(900);
    expect((await timeline()).status).toBe(200);

    // twitterToken read /2/users/me once already.
    const me = await call(`${url}/x/api/2/users/me`, { headers: { authorization: `Bearer ${ada.token}` } });
    expect(limitHeaders(me.headers)).toMatchObject({
      "x-rate-limit-limit": "25",
      "x-rate-limit-remaining": "23",
      "x-user-limit-24hour-limit": "25",
    });
  });

  it("Basic: 15 tweet lookups (GET /2/tweets, the metrics read) per 15 minutes per user and per app", async () => {
    const { url, control } = await sandboxWith("basic");
    const ada = await twitterToken(url, "ada_lookups");
    const bob = await twitterToken(url, "bob_lookups");
    const lookup = (token: string) =>
      call(`${url}/x/api/2/tweets?ids=1,2&tweet.fields=public_metrics`, {
        headers: { authorization: `Bearer ${token}` },
      });
    let last!: Awaited<ReturnType<typeof lookup>>;
    for (let n = 1; n <= 15; n += 1) last = await lookup(ada.token);
    expect(last.status).toBe(200);
    expect(limitHeaders(last.headers)).toEqual({
      "x-rate-limit-limit": "15",
      "x-rate-limit-remaining": "0",
      "x-rate-limit-reset": resetIn(last.headers, 900),
    });
    const refused = await lookup(ada.token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-rate-limit-reset")).toBe(last.headers.get("x-rate-limit-reset"));
    // The app's 15 are spent too: another user of the same app is refused, with their own (unspent) window's headers.
    const other = await lookup(bob.token);
    expect(other.status).toBe(429);
    expect(other.headers.get("x-rate-limit-remaining")).toBe("15");
    // Refused calls were not counted: after the window, both read again.
    await control.advanceClock(900);
    expect((await lookup(ada.token)).status).toBe(200);
    expect((await lookup(bob.token)).status).toBe(200);
  });

  it("Free: one tweet lookup per 15 minutes; switched to Pro, 900 per user", async () => {
    const { url, control } = await sandboxWith("free");
    const ada = await twitterToken(url, "ada_free");
    const lookup = () => call(`${url}/x/api/2/tweets?ids=1`, { headers: { authorization: `Bearer ${ada.token}` } });
    expect((await lookup()).status).toBe(200);
    expect((await lookup()).status).toBe(429);
    await control.setTwitterTier("pro");
    const first = await lookup();
    expect(first.status).toBe(200);
    expect(first.headers.get("x-rate-limit-limit")).toBe("900");
  });

  it("Pro: 100 posts per 15 minutes per user, 10,000 a day per app; the tier can be changed by control", async () => {
    const { url, control } = await sandboxWith();
    // Started without a tier: SANDBOX_X_TIER (enterprise in this test project), custom limits, no headers.
    const ada = await twitterToken(url, "ada_pro");
    expect(limitHeaders((await tweet(url, ada.token, "Enterprise")).headers)).toEqual({});
    await control.setTwitterTier("pro");
    const posted = await tweet(url, ada.token, "Pro");
    expect(posted.status).toBe(201);
    expect(limitHeaders(posted.headers)).toEqual({
      "x-rate-limit-limit": "100",
      "x-rate-limit-remaining": "99",
      "x-rate-limit-reset": resetIn(posted.headers, 900),
      "x-app-limit-24hour-limit": "10000",
      "x-app-limit-24hour-remaining": "9999",
      "x-app-limit-24hour-reset": resetIn(posted.headers, 86_400),
    });
  });
});

const LI_HEADERS = {
  "LinkedIn-Version": DEFAULT_LINKEDIN_VERSION,
  "X-Restli-Protocol-Version": "2.0.0",
  "content-type": "application/json",
};

const linkedInPost = (url: string, member: { token: string; sub: string }, commentary: string) =>
  call(`${url}/linkedin/api/rest/posts`, {
    method: "POST",
    headers: { authorization: `Bearer ${member.token}`, ...LI_HEADERS },
    body: JSON.stringify({
      author: `urn:li:person:${member.sub}`,
      commentary,
      visibility: "PUBLIC",
      distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: "PUBLISHED",
    }),
  });

describe("LinkedIn daily limits", () => {
  it("150 posts a day per member; the 151st gets 429 with no reset header until midnight UTC", async () => {
    const { url, control } = await sandboxWith();
    const ada = await linkedInToken(url, { email: "ada.daily@example.com" });
    // Start the day at 00:00:30 UTC by the sandbox clock, so that the 150 posts stay within it.
    const now = Date.parse((await linkedInPost(url, ada, "Clock")).headers.get("date") ?? "");
    const midnight = Date.UTC(
      new Date(now).getUTCFullYear(),
      new Date(now).getUTCMonth(),
      new Date(now).getUTCDate() + 1,
    );
    await control.advanceClock((midnight - now) / 1000 + 30);
    for (let n = 1; n <= 150; n += 1) expect((await linkedInPost(url, ada, `Day one #${n}`)).status).toBe(201);

    const refused = await linkedInPost(url, ada, "One too many");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      status: 429,
      serviceErrorCode: 101,
      code: "TOO_MANY_REQUESTS",
      message: "Resource level throttle MEMBER DAY limit for calls to this resource is reached.",
    });
    expect([...refused.headers.keys()].filter((name) => /reset|retry-after|limit/i.test(name))).toEqual([]);
    // Per member: another member of the app still posts.
    const grace = await linkedInToken(url, { email: "grace.daily@example.com" });
    expect((await linkedInPost(url, grace, "My first today")).status).toBe(201);

    // Late the same day: still refused. Just past midnight UTC: a new day.
    await control.advanceClock(24 * 3600 - 30 - 60);
    expect((await linkedInPost(url, ada, "One too many")).status).toBe(429);
    await control.advanceClock(61);
    expect((await linkedInPost(url, ada, "One too many")).status).toBe(201);
  });
});
