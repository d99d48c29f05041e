import { describe, expect, it } from "vitest";
import { facebookPageTokens } from "../../../sandbox/testing-tokens";
import { call } from "../../fixtures/fetch-json";
import { ownSandbox } from "../../fixtures/own-sandbox";

/**
 * The sandbox's Graph API is as strict as Meta's: each endpoint wants its permission and answers
 * Graph's own error otherwise, and an expired version is served as the oldest live one, named in
 * the `facebook-api-version` header (sandbox/README.md lists the sources).
 */

const bakery = { id: "444444444444444", name: "Ada's Bakery", category: "Bakery" };
const ada = { id: "100000000000044", name: "Ada Lovelace", email: "ada@example.com", pages: [bakery] };

const sandbox = ownSandbox((control) => control.defineFacebookUser(ada));

const graph = (version: string) => `${sandbox.url}/facebook/graph/${version}`;

describe("Graph permissions", () => {
  it("publishing needs pages_manage_posts (#200) and reading the feed pages_read_engagement (#10), taken back with DELETE /me/permissions", async () => {
    const { user, pages } = await facebookPageTokens(sandbox.url);
    const token = pages[bakery.id]!;
    const post = () =>
      call(`${graph("v25.0")}/${bakery.id}/feed`, {
        method: "POST",
        body: new URLSearchParams({ message: `Fresh rye ${Math.random()}`, access_token: token }),
      });
    expect((await post()).status).toBe(200);

    const revoked = await call(`${graph("v25.0")}/me/permissions/pages_manage_posts?access_token=${user}`, {
      method: "DELETE",
    });
    expect(revoked.body).toEqual({ success: true });
    const refused = await post();
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      message: expect.stringMatching(/^\(#200\) .*pages_manage_posts/) as unknown,
      type: "OAuthException",
      code: 200,
      fbtrace_id: expect.any(String) as unknown,
    });
    const permissions = await call(`${graph("v25.0")}/me/permissions?access_token=${user}`);
    expect(permissions.body.data).toContainEqual({ permission: "pages_manage_posts", status: "declined" });

    await call(`${graph("v25.0")}/me/permissions/pages_read_engagement?access_token=${user}`, { method: "DELETE" });
    const read = await call(`${graph("v25.0")}/${bakery.id}/feed?access_token=${token}`);
    expect(read.body.error).toMatchObject({
      code: 10,
      type: "OAuthException",
      message: expect.stringContaining("pages_read_engagement") as unknown,
    });
    expect(await sandbox.control.publishedPosts({ platform: "facebook", target: bakery.id })).toHaveLength(1);
  });
});

describe("Page tasks", () => {
  it("a person without the CREATE_CONTENT task on the Page cannot publish there (#200), though they may read it", async () => {
    await sandbox.control.defineFacebookUser({ ...ada, pages: [{ ...bakery, tasks: ["ANALYZE", "MODERATE"] }] });
    const { pages } = await facebookPageTokens(sandbox.url);
    const token = pages[bakery.id]!;
    const refused = await call(`${graph("v25.0")}/${bakery.id}/feed`, {
      method: "POST",
      body: new URLSearchParams({ message: "Rye", access_token: token }),
    });
    expect(refused.body.error).toMatchObject({
      code: 200,
      message: expect.stringContaining("CREATE_CONTENT") as unknown,
    });
    expect((await call(`${graph("v25.0")}/${bakery.id}/feed?access_token=${token}`)).body).toEqual({ data: [] });
  });
});

describe("Graph versions", () => {
  it("an expired version is served as the oldest live one and says so in facebook-api-version; a live one is served as itself", async () => {
    const { user } = await facebookPageTokens(sandbox.url);
    const expired = await call(`${graph("v20.0")}/me?access_token=${user}`);
    expect(expired.status).toBe(200);
    expect(expired.headers.get("facebook-api-version")).toBe("v21.0");
    const current = await call(`${graph("v25.0")}/me?access_token=${user}`);
    expect(current.headers.get("facebook-api-version")).toBe("v25.0");
    // Errors carry it too; a version not released yet is unknown.
    const error = await call(`${graph("v20.0")}/me`);
    expect(error.headers.get("facebook-api-version")).toBe("v21.0");
    expect((await call(`${graph("v99.0")}/me?access_token=${user}`)).body.error).toMatchObject({ code: 2500 });
    // v21.0 itself goes on 21 January 2027: after that v22.0 is the oldest.
    const untilJanuary22 = Math.ceil((Date.parse("2027-01-22T00:00:00Z") - Date.now()) / 1000);
    await sandbox.control.advanceClock(untilJanuary22);
    const later = await call(`${graph("v20.0")}/me?access_token=${user}`);
    expect(later.headers.get("facebook-api-version")).toBe("v22.0");
  });
});
