import { beforeAll, describe, expect, it } from "vitest";
import { answerConsent, type ConsentChoice } from "../../../sandbox/testing";
import { ownSandbox } from "../../fixtures/own-sandbox";

/** The sandbox's Facebook Login and Graph API, used the way Postloom's clients use the real ones. */

const CLIENT_ID = "sandbox-facebook-client";
const CLIENT_SECRET = "sandbox-facebook-secret";
const REDIRECT_URI = "http://127.0.0.1:3999/api/auth/callback/facebook";
const PAGE_SCOPES = "email,public_profile,pages_show_list,pages_manage_posts,pages_read_engagement";

const sandbox = ownSandbox();
let graph: string;
beforeAll(() => {
  graph = `${sandbox.url}/facebook/graph/v20.0`;
});

const bakery = {
  id: "111111111111111",
  name: "Ada's Bakery",
  category: "Bakery",
  fan_count: 1234,
  tasks: ["CREATE_CONTENT", "MANAGE"],
};
const shop = { id: "222222222222222", name: "Ada's Shop", category: "Shopping & retail", fan_count: 5 };
const ada = { id: "100000000000042", name: "Ada Lovelace", email: "ada@example.com", pages: [bakery, shop] };

function dialogUrl(scope = PAGE_SCOPES, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    state: "fb-state",
    scope,
    ...extra,
  });
  return `${sandbox.url}/facebook/www/v20.0/dialog/oauth?${params}`;
}

interface GraphError {
  error: { message: string; type: string; code: number; error_subcode?: number; fbtrace_id: string };
}

async function getJson<T = Record<string, unknown>>(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: T }> {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as T };
}

const codeExchangeUrl = (code: string, extra: Record<string, string> = {}) =>
  `${graph}/oauth/access_token?${new URLSearchParams({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uri: REDIRECT_URI, code, ...extra })}`;

/** Consent, then the code exchange: returns the short-lived user token. */
async function logIn(choice: ConsentChoice = {}, scope = PAGE_SCOPES): Promise<string> {
  const location = await answerConsent(dialogUrl(scope), choice);
  const { status, body } = await getJson<{ access_token: string }>(
    codeExchangeUrl(location.searchParams.get("code") ?? ""),
  );
  expect(status).toBe(200);
  return body.access_token;
}

describe("Facebook Login dialog", () => {
  it("shows the defined user, their Pages as ticked checkboxes, and Approve/Deny", async () => {
    await sandbox.control.defineFacebookUser(ada);
    const response = await fetch(dialogUrl());
    const markup = await response.text();
    expect(response.status).toBe(200);
    expect(markup).toContain("<title>Log in with Facebook — Platform sandbox</title>");
    expect(markup).toMatch(/<label for="consent-name">Name<\/label>\s*<input[^>]*value="Ada Lovelace"/);
    expect(markup).toMatch(/<label for="consent-email">Email<\/label>\s*<input[^>]*value="ada@example.com"/);
    expect(markup).toContain("<legend>Pages</legend>");
    expect(markup).toMatch(/name="page" value="111111111111111" checked/);
    expect(markup).toContain("Ada&#39;s Bakery");
    expect(markup).toMatch(/>Approve<\/button>/);
    expect(markup).toMatch(/>Deny<\/button>/);
  });

  it("refuses an unknown app with an error page, not a redirect", async () => {
    const response = await fetch(dialogUrl(PAGE_SCOPES, { client_id: "123" }), { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
  });

  it("redirects with a code and the state on approval", async () => {
    const location = await answerConsent(dialogUrl());
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get("code")).toBeTruthy();
    expect(location.searchParams.get("state")).toBe("fb-state");
    expect(location.hash).toBe("#_=_");
  });

  it("redirects with Facebook's denial parameters on Deny", async () => {
    const location = await answerConsent(dialogUrl(), { decision: "deny" });
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      error: "access_denied",
      error_reason: "user_denied",
      error_description: "Permissions error",
      state: "fb-state",
    });
    expect(location.searchParams.get("code")).toBeNull();
  });
});

describe("Facebook tokens", () => {
  it("exchanges the code for a short-lived token, then that for a long-lived one", async () => {
    const location = await answerConsent(dialogUrl());
    const short = await getJson(codeExchangeUrl(location.searchParams.get("code") ?? ""));
    expect(short).toMatchObject({ status: 200, body: { access_token: expect.any(String), token_type: "bearer" } });
    expect(short.body.expires_in).toBeLessThanOrEqual(2 * 3600);

    const params = {
      grant_type: "fb_exchange_token",
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      fb_exchange_token: String(short.body.access_token),
    };
    const long = await getJson(`${graph}/oauth/access_token?${new URLSearchParams(params)}`);
    expect(long).toMatchObject({ status: 200, body: { token_type: "bearer", expires_in: 5183944 } });
    expect(long.body.access_token).not.toBe(short.body.access_token);
  });

  it("accepts the unversioned POST with client_secret_post that next-auth sends", async () => {
    const location = await answerConsent(dialogUrl("email"));
    const body = new URLSearchParams({
      grant_type: "authorization_code",
      code: location.searchParams.get("code") ?? "",
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    const response = await getJson(`${sandbox.url}/facebook/graph/oauth/access_token`, { method: "POST", body });
    expect(response).toMatchObject({ status: 200, body: { token_type: "bearer" } });
  });

  it("answers Graph errors for a reused code, a wrong secret and a different redirect_uri", async () => {
    const code = (await answerConsent(dialogUrl())).searchParams.get("code") ?? "";
    const wrongSecret = await getJson<GraphError>(codeExchangeUrl(code, { client_secret: "nope" }));
    expect(wrongSecret).toMatchObject({
      status: 400,
      body: { error: { type: "OAuthException", code: 1, fbtrace_id: expect.any(String) } },
    });
    expect((await getJson(codeExchangeUrl(code))).status).toBe(200);
    const reused = await getJson<GraphError>(codeExchangeUrl(code));
    expect(reused).toMatchObject({ status: 400, body: { error: { code: 100, error_subcode: 36009 } } });

    const other = (await answerConsent(dialogUrl())).searchParams.get("code") ?? "";
    const mismatch = await getJson<GraphError>(
      codeExchangeUrl(other, { redirect_uri: "http://127.0.0.1:3999/elsewhere" }),
    );
    expect(mismatch.body.error).toMatchObject({ code: 100, error_subcode: 36008 });
  });

  it("refuses to extend an expired short-lived token (190/463): the user must log in again", async () => {
    const token = await logIn();
    await sandbox.control.advanceClock(3 * 3600);
    const params = {
      grant_type: "fb_exchange_token",
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      fb_exchange_token: token,
    };
    const response = await getJson<GraphError>(`${graph}/oauth/access_token?${new URLSearchParams(params)}`);
    expect(response).toMatchObject({
      status: 400,
      body: { error: { type: "OAuthException", code: 190, error_subcode: 463 } },
    });
  });
});

describe("Graph API", () => {
  it("describes the user on /me with a Bearer token or access_token, honouring fields", async () => {
    await sandbox.control.defineFacebookUser(ada);
    const token = await logIn();
    const viaBearer = await getJson(`${graph}/me?fields=id,name,email,picture`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.body).toMatchObject({
      id: ada.id,
      name: "Ada Lovelace",
      email: "ada@example.com",
      picture: { data: { url: expect.stringMatching(/^http/) } },
    });
    const viaQuery = await getJson(`${graph}/me?access_token=${token}`);
    expect(viaQuery.body).toEqual({ id: ada.id, name: "Ada Lovelace" });
  });

  it("leaves email out for an account without one, and lets the consent form go without it", async () => {
    await sandbox.control.defineFacebookUser({ id: "100000000000077", name: "No Mail", email: null });
    const markup = await (await fetch(dialogUrl())).text();
    expect(markup).toMatch(/<input id="consent-email"[^>]*value=""/);
    expect(markup).not.toMatch(/<input id="consent-email"[^>]*required/);
    const token = await logIn();
    const me = await getJson(`${graph}/me?fields=id,name,email&access_token=${token}`);
    expect(me.body).toEqual({ id: "100000000000077", name: "No Mail" });
  });

  it("answers 190 to an unknown token and 2500 to none", async () => {
    const unknown = await getJson<GraphError>(`${graph}/me?access_token=EAAnonsense`);
    expect(unknown).toMatchObject({ status: 400, body: { error: { type: "OAuthException", code: 190 } } });
    expect((await getJson<GraphError>(`${graph}/me`)).body.error.code).toBe(2500);
  });

  it("lists the defined Pages on /me/accounts with Page tokens and cursors", async () => {
    await sandbox.control.defineFacebookUser(ada);
    const token = await logIn();
    const fields = "id,name,category,category_list,fan_count,tasks,picture,access_token";
    const { status, body } = await getJson<{
      data: Record<string, unknown>[];
      paging: { cursors: { before: string; after: string } };
    }>(`${graph}/me/accounts?fields=${fields}&access_token=${token}`);
    expect(status).toBe(200);
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({
      id: bakery.id,
      name: bakery.name,
      category: "Bakery",
      category_list: [{ id: expect.any(String), name: "Bakery" }],
      fan_count: 1234,
      tasks: ["CREATE_CONTENT", "MANAGE"],
      picture: { data: { url: expect.any(String) } },
      access_token: expect.any(String),
    });
    expect(body.data[1]).toMatchObject({
      id: shop.id,
      tasks: ["ANALYZE", "ADVERTISE", "MODERATE", "CREATE_CONTENT", "MANAGE"],
    });
    expect(body.paging.cursors).toEqual({ before: expect.any(String), after: expect.any(String) });
  });

  it("lists only the Pages ticked on the consent screen, and none without pages_show_list", async () => {
    await sandbox.control.defineFacebookUser(ada);
    const oneTicked = await logIn({ pageIds: [shop.id] });
    const accounts = await getJson<{ data: { id: string }[] }>(`${graph}/me/accounts?access_token=${oneTicked}`);
    expect(accounts.body.data.map((page) => page.id)).toEqual([shop.id]);
    const loginOnly = await logIn({}, "email,public_profile");
    expect((await getJson<{ data: unknown[] }>(`${graph}/me/accounts?access_token=${loginOnly}`)).body.data).toEqual(
      [],
    );
  });

  it("reports granted permissions on /me/permissions", async () => {
    const token = await logIn({}, "email,pages_show_list");
    const { body } = await getJson<{ data: { permission: string; status: string }[] }>(
      `${graph}/me/permissions?access_token=${token}`,
    );
    expect(body.data).toEqual(
      expect.arrayContaining([
        { permission: "public_profile", status: "granted" },
        { permission: "email", status: "granted" },
        { permission: "pages_show_list", status: "granted" },
      ]),
    );
  });

  it("answers 190/463 for a Page token after expire-token, while the user token gets a fresh one", async () => {
    await sandbox.control.defineFacebookUser(ada);
    const userToken = await logIn();
    const pages = await getJson<{ data: { id: string; access_token: string }[] }>(
      `${graph}/me/accounts?access_token=${userToken}`,
    );
    const pageToken = pages.body.data.find((page) => page.id === bakery.id)?.access_token ?? "";
    expect((await getJson(`${graph}/${bakery.id}?fields=id,name&access_token=${pageToken}`)).body).toEqual({
      id: bakery.id,
      name: bakery.name,
    });

    expect(await sandbox.control.expireFacebookPageToken(bakery.id)).toMatchObject({
      pageId: bakery.id,
      expiredTokens: 1,
    });
    const pageCall = await getJson<GraphError>(`${graph}/${bakery.id}?fields=id,name&access_token=${pageToken}`);
    expect(pageCall).toMatchObject({
      status: 400,
      body: { error: { type: "OAuthException", code: 190, error_subcode: 463 } },
    });
    expect(pageCall.body.error.message).toMatch(/^Error validating access token: Session has expired/);
    const accountsWithPageToken = await getJson<GraphError>(`${graph}/me/accounts?access_token=${pageToken}`);
    expect(accountsWithPageToken.body.error).toMatchObject({ code: 190, error_subcode: 463 });

    const again = await getJson<{ data: { id: string; access_token: string }[] }>(
      `${graph}/me/accounts?access_token=${userToken}`,
    );
    const fresh = again.body.data.find((page) => page.id === bakery.id)?.access_token;
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(pageToken);
    expect((await getJson(`${graph}/${bakery.id}?access_token=${fresh}`)).status).toBe(200);
  });

  it("uses a default user with one Page when none is defined", async () => {
    const token = await logIn();
    const me = await getJson<{ name: string }>(`${graph}/me?access_token=${token}`);
    expect(me.body.name).toBe("Sandbox User");
    expect((await getJson<{ data: unknown[] }>(`${graph}/me/accounts?access_token=${token}`)).body.data).toHaveLength(
      1,
    );
  });
});

describe("Facebook control API", () => {
  it("shows defined users and Pages in the state, and rejects a bad definition", async () => {
    await sandbox.control.defineFacebookUser(ada);
    expect(await sandbox.control.state()).toMatchObject({
      facebook: {
        nextUserId: ada.id,
        users: [{ id: ada.id, name: "Ada Lovelace", pageIds: [bakery.id, shop.id] }],
        pages: expect.any(Array),
      },
    });
    const bad = await fetch(`${sandbox.url}/_control/facebook/users`, {
      method: "POST",
      body: JSON.stringify({ pages: [{ name: "" }] }),
    });
    expect(bad.status).toBe(400);
    const unknownPage = await fetch(`${sandbox.url}/_control/facebook/pages/999/expire-token`, { method: "POST" });
    expect(unknownPage.status).toBe(404);
  });
});
