import { afterEach, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../../sandbox/server";
import { parseXTier } from "../../../sandbox/platforms/twitter/tiers";
import { sandboxControl } from "../../../sandbox/testing";
import { twitterToken } from "../../../sandbox/testing-tokens";
import { call } from "../../fixtures/fetch-json";

/**
 * X's pay-per-use plan in the sandbox: its rate-limit windows (docs.x.com/x-api/fundamentals/
 * rate-limits), the credits each call draws on (402 CreditsDepleted when none are left) and the
 * monthly caps (429 usage-capped): the post-read cap and the spending limit.
 */

const sandboxes: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((sandbox) => sandbox.close()));
});

async function paygSandbox() {
  const sandbox = await startSandbox({ port: 0, xTier: "payg" });
  sandboxes.push(sandbox);
  return { url: sandbox.url, control: sandboxControl(sandbox.url) };
}

const tweet = (url: string, token: string, text: string) =>
  call(`${url}/x/api/2/tweets`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ text }),
  });

const lookup = (url: string, token: string, ids: string[]) =>
  call(`${url}/x/api/2/tweets?ids=${ids.join(",")}`, { headers: { authorization: `Bearer ${token}` } });

const CREDITS_DEPLETED = {
  account_id: expect.any(Number),
  title: "CreditsDepleted",
  detail: expect.stringMatching(/^Your enrolled account \[\d+\] does not have any credits to fulfill this request\.$/),
  type: "https://api.twitter.com/2/problems/credits",
};

describe("X pay-per-use", () => {
  it("is the tier a sandbox gets when neither SANDBOX_X_TIER nor TWITTER_API_TIER names one", () => {
    expect(parseXTier(undefined)).toBe("payg");
    expect(parseXTier("")).toBe("payg");
    expect(() => parseXTier("gold")).toThrow(/payg\|free\|basic\|pro\|enterprise|payg, free, basic, pro, enterprise/);
  });

  it("windows: 100 posts per 15 minutes per user and 10,000 a day per app, with X's headers; the 101st waits", async () => {
    const { url, control } = await paygSandbox();
    const ada = await twitterToken(url, "ada_payg");
    const first = await tweet(url, ada.token, "Post 1");
    expect(first.status).toBe(201);
    expect(first.headers.get("x-rate-limit-limit")).toBe("100");
    expect(first.headers.get("x-rate-limit-remaining")).toBe("99");
    expect(first.headers.get("x-app-limit-24hour-limit")).toBe("10000");
    expect(first.headers.get("x-app-limit-24hour-remaining")).toBe("9999");
    for (let n = 2; n <= 100; n += 1) expect((await tweet(url, ada.token, `Post ${n}`)).status).toBe(201);
    const refused = await tweet(url, ada.token, "Post 101");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-rate-limit-remaining")).toBe("0");
    await control.advanceClock(901);
    expect((await tweet(url, ada.token, "Post 101")).status).toBe(201);
    // GET /2/users/me: 75 per 15 minutes per user.
    const me = await call(`${url}/x/api/2/users/me`, { headers: { authorization: `Bearer ${ada.token}` } });
    expect(me.headers.get("x-rate-limit-limit")).toBe("75");
  });

  it("402 CreditsDepleted once the credits are drawn, changing nothing; a post with a link costs $0.20, without $0.015", async () => {
    const { url, control } = await paygSandbox();
    const ada = await twitterToken(url, "ada_credits");
    expect(await control.setTwitterBilling({ credits_usd: 0.23 })).toMatchObject({ credits_usd: 0.23 });
    expect((await tweet(url, ada.token, "Bread at https://example.com")).status).toBe(201);
    expect((await tweet(url, ada.token, "Plain bread")).status).toBe(201);
    expect(await control.setTwitterBilling({})).toMatchObject({ credits_usd: expect.closeTo(0.015, 9) });
    expect((await tweet(url, ada.token, "Rolls")).status).toBe(201);
    const refused = await tweet(url, ada.token, "Buns");
    expect(refused.status).toBe(402);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.body).toEqual(CREDITS_DEPLETED);
    // Reads are refused too, and the refused post was never made.
    expect((await lookup(url, ada.token, ["1"])).status).toBe(402);
    await control.setTwitterBilling({ credits_usd: 10 });
    const timeline = await call(`${url}/x/api/2/users/${ada.userId}/tweets`, {
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect((timeline.body as { data: { text: string }[] }).data.map((post) => post.text)).not.toContain("Buns");
  });

  it("429 usage-capped past the monthly post reads (reads only) and at the spending limit (every call)", async () => {
    const { url, control } = await paygSandbox();
    const ada = await twitterToken(url, "ada_capped");
    const ids = [];
    for (const text of ["One", "Two"])
      ids.push(((await tweet(url, ada.token, text)).body as { data: { id: string } }).data.id);
    await control.setTwitterBilling({ post_reads_left: 2 });
    expect((await lookup(url, ada.token, ids)).status).toBe(200);
    const capped = await lookup(url, ada.token, ids);
    expect(capped.status).toBe(429);
    expect(capped.body).toEqual({
      account_id: expect.any(Number),
      product_name: "pay-per-use",
      title: "UsageCapExceeded",
      period: "Monthly",
      scope: "Product",
      detail: "Usage cap exceeded: Monthly product cap",
      type: "https://api.twitter.com/2/problems/usage-capped",
    });
    // No rate-limit headers: waiting out a 15-minute window does not lift a monthly cap.
    expect(capped.headers.get("x-rate-limit-reset")).toBeNull();
    await control.advanceClock(901);
    expect((await lookup(url, ada.token, ids)).status).toBe(429);
    expect((await tweet(url, ada.token, "Posts are not post reads")).status).toBe(201);

    await control.setTwitterBilling({ spend_limit_reached: true });
    const blocked = await tweet(url, ada.token, "Over the spending limit");
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ title: "UsageCapExceeded", scope: "Account" });
  });

  it("the billing control refuses a malformed body and changes nothing", async () => {
    const { url, control } = await paygSandbox();
    for (const body of ['{"credits_usd":"lots"}', '{"post_reads_left":-1}', '{"unknown":true}', "not json"]) {
      const refused = await call(`${url}/_control/twitter/billing`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(refused.status).toBe(400);
    }
    expect(await control.setTwitterBilling({})).toEqual({
      credits_usd: null,
      post_reads_left: 3_000_000,
      spend_limit_reached: false,
    });
  });
});
