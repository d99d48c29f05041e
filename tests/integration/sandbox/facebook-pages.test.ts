import { beforeAll, describe, expect, it } from "vitest";
import { answerConsent } from "../../../sandbox/testing";
import { ownSandbox } from "../../fixtures/own-sandbox";

/**
 * How Postloom keeps a Facebook Page connected: a long-lived user token, Page tokens from
 * /me/accounts, and "refreshing" a dead Page token by asking /me/accounts again.
 */

const CLIENT_ID = "sandbox-facebook-client";
const CLIENT_SECRET = "sandbox-facebook-secret";
const REDIRECT_URI = "http://127.0.0.1:3999/api/social/callback/facebook";
const SCOPES = "pages_show_list,pages_manage_posts,pages_read_engagement";

const bakery = { id: "111111111111111", name: "Ada's Bakery", category: "Bakery", fan_count: 1234 };
const ada = { id: "100000000000042", name: "Ada Lovelace", email: "ada@example.com", pages: [bakery] };

const sandbox = ownSandbox((control) => control.defineFacebookUser(ada));
let graph: string;
beforeAll(() => {
  graph = `${sandbox.url}/facebook/graph/v20.0`;
});

interface GraphError {
  error: { code: number; error_subcode?: number; type: string };
}

async function getJson<T = Record<string, unknown>>(url: string): Promise<{ status: number; body: T }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as T };
}

/** Login, code exchange, then the exchange for a 60-day token, as the connect flow does. */
async function longLivedUserToken(): Promise<string> {
  const dialog = `${sandbox.url}/facebook/www/v20.0/dialog/oauth?${new URLSearchParams({ client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, state: "s", scope: SCOPES })}`;
  const code = (await answerConsent(dialog)).searchParams.get("code") ?? "";
  const credentials = { client_id: CLIENT_ID, client_secret: CLIENT_SECRET };
  const short = await getJson<{ access_token: string }>(
    `${graph}/oauth/access_token?${new URLSearchParams({ ...credentials, redirect_uri: REDIRECT_URI, code })}`,
  );
  const long = await getJson<{ access_token: string; expires_in: number }>(
    `${graph}/oauth/access_token?${new URLSearchParams({ ...credentials, grant_type: "fb_exchange_token", fb_exchange_token: short.body.access_token })}`,
  );
  expect(long.body.expires_in).toBe(5183944);
  return long.body.access_token;
}

async function pageToken(userToken: string): Promise<string> {
  const accounts = await getJson<{ data: { id: string; access_token: string }[] }>(
    `${graph}/me/accounts?fields=id,name,access_token&access_token=${userToken}`,
  );
  expect(accounts.status).toBe(200);
  return accounts.body.data.find((page) => page.id === bakery.id)?.access_token ?? "";
}

const PAGE_FIELDS = "id,name,category,fan_count,picture";

describe("Facebook Page node", () => {
  it("describes the Page to its Page token and to the managing user's token", async () => {
    const userToken = await longLivedUserToken();
    const expected = {
      id: bakery.id,
      name: bakery.name,
      category: "Bakery",
      fan_count: 1234,
      picture: { data: { height: 50, width: 50, is_silhouette: false, url: expect.stringMatching(/^http/) } },
    };
    const viaPage = await getJson(
      `${graph}/${bakery.id}?fields=${PAGE_FIELDS}&access_token=${await pageToken(userToken)}`,
    );
    expect(viaPage).toEqual({ status: 200, body: expected });
    const viaUser = await getJson(`${graph}/${bakery.id}?fields=${PAGE_FIELDS}&access_token=${userToken}`);
    expect(viaUser).toEqual({ status: 200, body: expected });
  });

  it("refuses a Page the token has no access to with Graph's 100/33", async () => {
    const userToken = await longLivedUserToken();
    const other = await getJson<GraphError>(`${graph}/999999999999999?fields=id,name&access_token=${userToken}`);
    expect(other).toMatchObject({ status: 400, body: { error: { code: 100, error_subcode: 33 } } });
  });
});

describe("refreshing a Page token", () => {
  it("Page tokens from a long-lived user token never expire by time", async () => {
    const token = await pageToken(await longLivedUserToken());
    await sandbox.control.advanceClock(30 * 24 * 3600);
    expect((await getJson(`${graph}/${bakery.id}?access_token=${token}`)).status).toBe(200);
  });

  it("/me/accounts with the still-valid long-lived user token hands out a new token for an expired Page token", async () => {
    const userToken = await longLivedUserToken();
    const old = await pageToken(userToken);
    expect(await sandbox.control.expireFacebookPageToken(bakery.id)).toEqual({ pageId: bakery.id, expiredTokens: 1 });
    const dead = await getJson<GraphError>(`${graph}/${bakery.id}?fields=id&access_token=${old}`);
    expect(dead).toMatchObject({
      status: 400,
      body: { error: { type: "OAuthException", code: 190, error_subcode: 463 } },
    });

    const fresh = await pageToken(userToken);
    expect(fresh).not.toBe(old);
    expect(await getJson(`${graph}/${bakery.id}?fields=id,name&access_token=${fresh}`)).toEqual({
      status: 200,
      body: { id: bakery.id, name: bakery.name },
    });
    // While the new one lives, asking again returns the same token, as Graph does.
    expect(await pageToken(userToken)).toBe(fresh);
  });

  it("after the user token is expired via control there is no way back but a new login (190/463)", async () => {
    const userToken = await longLivedUserToken();
    await sandbox.control.expireFacebookPageToken(bakery.id);
    expect(await sandbox.control.expireFacebookUserTokens(ada.id)).toMatchObject({ userId: ada.id });
    const accounts = await getJson<GraphError>(`${graph}/me/accounts?access_token=${userToken}`);
    expect(accounts).toMatchObject({ status: 400, body: { error: { code: 190, error_subcode: 463 } } });
    const exchange = await getJson<GraphError>(
      `${graph}/oauth/access_token?${new URLSearchParams({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, grant_type: "fb_exchange_token", fb_exchange_token: userToken })}`,
    );
    expect(exchange.body.error).toMatchObject({ code: 190, error_subcode: 463 });
    expect((await longLivedUserToken()).length).toBeGreaterThan(0);
  });
});
