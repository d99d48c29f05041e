import { describe, expect, it } from "vitest";
import { registeredClient } from "../../fixtures/api-client";
import { authorize, defineFacebookUser } from "../../fixtures/social";

/** The `state` of a connection is parsed whole: nothing may be added around it. */
describe("OAuth state", () => {
  it("refuses a genuine state with anything appended, prepended or changed, and the genuine one still works once", async () => {
    const { client } = await registeredClient();
    await defineFacebookUser();
    const search = new URLSearchParams(await authorize(client, "facebook"));
    const state = search.get("state")!;
    const [id, signature] = state.split(".");

    const tampered = [
      `${state}.x`,
      `${state}.`,
      `${state}..`,
      `x.${state}`,
      `${state} `,
      `${id}.${signature}.${signature}`,
      `${id}..${signature}`,
      `${id}.${signature}=`,
      `${id}`,
    ];
    for (const value of tampered) {
      const query = new URLSearchParams(search);
      query.set("state", value);
      const response = await client.get(`/api/social/auth/facebook/callback?${query}`);
      expect(response.status, value).toBe(400);
      expect(response.body, value).toMatchObject({ success: false, code: "invalid_state" });
    }

    expect((await client.get(`/api/social/auth/facebook/callback?${search}`)).status).toBe(200);
  });
});
