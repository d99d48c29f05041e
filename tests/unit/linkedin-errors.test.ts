import { describe, expect, it } from "vitest";

/**
 * LinkedIn's 429 carries no reset time; its limits are daily and reset at midnight UTC, so a
 * throttled page waits until then instead of retrying every minute into the same refusal. The client
 * module reads the environment when it loads, so it is given a minimal one first.
 */

async function linkedinModule() {
  process.env.AUTH_SECRET ??= "unit-tests-secret-unit-tests-secret-unit";
  process.env.TOKEN_ENCRYPTION_KEY ??= Buffer.alloc(32, 3).toString("base64");
  return import("@/lib/server/platforms/linkedin");
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
});
