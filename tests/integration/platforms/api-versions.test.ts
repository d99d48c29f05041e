import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { facebookPageTokens, linkedInToken } from "../../../sandbox/testing-tokens";
import { sleep } from "../../fixtures/sleep";
import { testStack } from "../../fixtures/test-stack";

/**
 * A LinkedIn API version that LinkedIn has sunset: every /rest call answers 426, and our client
 * says what the operator must change instead of blaming the post or its file. An expired Graph
 * API version is not refused but served as the oldest live one: our client notices the
 * `facebook-api-version` header and /api/health says so. The clients read LINKEDIN_API_VERSION and
 * FACEBOOK_GRAPH_VERSION when they load, so both are set before the import.
 */

const saved = { ...process.env };
let linkedin: (typeof import("@/lib/networks/linkedin/server"))["linkedin"];
let PlatformError: (typeof import("@/lib/networks/server/errors"))["PlatformError"];
let facebook: (typeof import("@/lib/networks/facebook/server"))["facebook"];
let getHealthReport: (typeof import("@/lib/server/ops/health"))["getHealthReport"];
let closeRedis: (typeof import("@/lib/server/redis"))["closeRedis"];
let redis: (typeof import("@/lib/server/redis"))["redis"];

beforeAll(async () => {
  Object.assign(process.env, testStack().env, { LINKEDIN_API_VERSION: "202501", FACEBOOK_GRAPH_VERSION: "v20.0" });
  ({ linkedin } = await import("@/lib/networks/linkedin/server"));
  ({ PlatformError } = await import("@/lib/networks/server/errors"));
  ({ facebook } = await import("@/lib/networks/facebook/server"));
  ({ getHealthReport } = await import("@/lib/server/ops/health"));
  ({ closeRedis, redis } = await import("@/lib/server/redis"));
});

afterAll(async () => {
  await closeRedis();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

describe("a sunset LinkedIn version", () => {
  it("the sandbox answers 426 NONEXISTENT_VERSION, and publishing fails with the operator's fix, not the user's", async () => {
    const sandboxUrl = testStack().sandboxUrl;
    const { token, sub } = await linkedInToken(sandboxUrl);
    const direct = await fetch(`${sandboxUrl}/linkedin/api/rest/posts`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "LinkedIn-Version": "202501",
        "X-Restli-Protocol-Version": "2.0.0",
      },
      body: JSON.stringify({ author: `urn:li:person:${sub}`, commentary: "hello", lifecycleState: "PUBLISHED" }),
    });
    expect(direct.status).toBe(426);
    expect(await direct.json()).toEqual({
      status: 426,
      code: "NONEXISTENT_VERSION",
      message: "Requested version 20250101 is not active",
    });

    const attempt = linkedin.publish({
      accessToken: token,
      pageId: sub,
      pageAccessToken: null,
      handle: null,
      text: "Fresh bread at 7am",
      media: [],
      beforeRequest: async () => undefined,
    });
    await expect(attempt).rejects.toBeInstanceOf(PlatformError);
    await expect(attempt).rejects.toMatchObject({
      kind: "unsupported_version",
      message: expect.stringContaining("set LINKEDIN_API_VERSION to a current version"),
    });
  });
});

describe("an expired Graph API version", () => {
  it("is served as the oldest live version; the client logs it and /api/health warns", async () => {
    const sandboxUrl = testStack().sandboxUrl;
    const { user } = await facebookPageTokens(sandboxUrl);
    const direct = await fetch(`${sandboxUrl}/facebook/graph/v20.0/me?access_token=${encodeURIComponent(user)}`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("facebook-api-version")).toBe("v21.0");

    // What another test of this run may have left, so the warning below can only come from this call.
    await redis().del(`${process.env.REDIS_PREFIX}:platform-version:facebook:served:v20.0`);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const profile = await facebook.getProfile(user);
      expect(profile.accountId).toMatch(/^\d+$/);
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining("Graph API answered as v21.0, not the configured v20.0"),
      );
    } finally {
      warn.mockRestore();
    }
    const expected = {
      platform: "facebook",
      setting: "FACEBOOK_GRAPH_VERSION",
      version: "v20.0",
      servedVersion: "v21.0",
      message:
        "Facebook answers Graph API calls as v21.0, not the configured v20.0, which Meta no longer serves: set FACEBOOK_GRAPH_VERSION to a current version.",
    };
    // The note is written to Redis without holding up the Graph call: poll for it.
    const deadline = Date.now() + 5_000;
    let warnings = (await getHealthReport()).platformVersions.warnings;
    while (!warnings.some((warning) => "servedVersion" in warning) && Date.now() < deadline) {
      await sleep(50);
      warnings = (await getHealthReport()).platformVersions.warnings;
    }
    expect(warnings).toContainEqual(expected);
  });
});
