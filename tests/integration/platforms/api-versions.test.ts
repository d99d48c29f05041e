import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { linkedInToken } from "../../../sandbox/testing-tokens";

/**
 * A LinkedIn API version that LinkedIn has sunset: every /rest call answers 426, and our client
 * says what the operator must change instead of blaming the post or its file. The client reads
 * LINKEDIN_API_VERSION when it loads, so it is set before the import.
 */

const saved = { ...process.env };
let linkedin: (typeof import("@/lib/server/platforms/linkedin"))["linkedin"];
let PlatformError: (typeof import("@/lib/server/platforms/errors"))["PlatformError"];

beforeAll(async () => {
  Object.assign(process.env, inject("stack").env, { LINKEDIN_API_VERSION: "202501" });
  ({ linkedin } = await import("@/lib/server/platforms/linkedin"));
  ({ PlatformError } = await import("@/lib/server/platforms/errors"));
});

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

describe("a sunset LinkedIn version", () => {
  it("the sandbox answers 426 NONEXISTENT_VERSION, and publishing fails with the operator's fix, not the user's", async () => {
    const sandboxUrl = inject("stack").sandboxUrl;
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
