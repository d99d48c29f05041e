import { describe, expect, it } from "vitest";

/**
 * LinkedIn's 429 carries no reset time; its limits are daily and reset at midnight UTC, so a
 * throttled page waits until then instead of retrying every minute into the same refusal. The client
 * module reads the environment when it loads, so it is given a minimal one first.
 */

async function linkedinModule() {
  process.env.AUTH_SECRET ??= "unit-tests-secret-unit-tests-secret-unit";
  process.env.TOKEN_ENCRYPTION_KEY ??= Buffer.alloc(32, 3).toString("base64");
  return import("@/lib/networks/linkedin/server");
}

describe("LinkedIn's rate limit", () => {
  it("the next reset is the coming midnight UTC, also across a month's end", async () => {
    const { nextUtcMidnight } = await linkedinModule();
    expect(nextUtcMidnight(new Date("2026-11-25T17:40:00Z")).toISOString()).toBe("2026-11-26T00:00:00.000Z");
    expect(nextUtcMidnight(new Date("2026-11-30T23:59:59Z")).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(nextUtcMidnight(new Date("2026-12-31T00:00:00Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("a 429 is rate_limited until that midnight", async () => {
    const { linkedinError } = await linkedinModule();
    const error = linkedinError({
      status: 429,
      headers: new Headers(),
      body: {
        message: "Resource level throttle APPLICATION_AND_MEMBER DAY limit for calls to this resource is reached.",
        status: 429,
      },
    });
    expect(error.kind).toBe("rate_limited");
    const reset = error.details.resetAt!;
    expect(reset.getUTCHours() + reset.getUTCMinutes() + reset.getUTCSeconds()).toBe(0);
    expect(reset.getTime() - Date.now()).toBeGreaterThan(0);
    expect(reset.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
  });

  it("midnight is LinkedIn's, read from its Date: ten seconds before it there, ten seconds from now here", async () => {
    const { linkedinError } = await linkedinModule();
    const before = Date.now();
    const error = linkedinError({
      status: 429,
      headers: new Headers({ date: "Thu, 31 Dec 2026 23:59:50 GMT" }),
      body: { message: "Resource level throttle MEMBER DAY limit for calls to this resource is reached.", status: 429 },
    });
    const waitMs = error.details.resetAt!.getTime() - before;
    expect(waitMs).toBeGreaterThanOrEqual(10_000);
    expect(waitMs).toBeLessThan(10_000 + (Date.now() - before) + 5);
  });
});

describe("X's rate-limit reset", () => {
  it("is read against X's Date, and the later of the window's and a spent 24-hour allowance's", async () => {
    const { twitterError } = await (async () => {
      await linkedinModule();
      return import("@/lib/networks/twitter/server");
    })();
    const date = Date.parse("Wed, 25 Nov 2026 12:00:00 GMT");
    const before = Date.now();
    const error = twitterError({
      status: 429,
      headers: new Headers({
        date: new Date(date).toUTCString(),
        "x-rate-limit-limit": "100",
        "x-rate-limit-remaining": "0",
        "x-rate-limit-reset": String(date / 1000 + 60),
        "x-app-limit-24hour-limit": "10000",
        "x-app-limit-24hour-remaining": "0",
        "x-app-limit-24hour-reset": String(date / 1000 + 600),
        "x-user-limit-24hour-remaining": "5",
        "x-user-limit-24hour-reset": String(date / 1000 + 7200),
      }),
      body: { title: "Too Many Requests", detail: "Too Many Requests", type: "about:blank", status: 429 },
    });
    expect(error.kind).toBe("rate_limited");
    const waitMs = error.details.resetAt!.getTime() - before;
    expect(waitMs).toBeGreaterThanOrEqual(600_000);
    expect(waitMs).toBeLessThan(600_000 + (Date.now() - before) + 5);
  });
});
