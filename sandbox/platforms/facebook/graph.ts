import { avatarUrl } from "../../assets";
import { recordRevocation } from "../../revocations";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import type { IssuedToken, SandboxStore } from "../../state";
import { GRAPH, authenticateGraph, graphError, pickFields, pictureField, requestedFields } from "./graph-auth";
import { facebookState, type FacebookPage, type FacebookUser } from "./state";
import { describeVideo, findVideo } from "./videos";

/**
 * The Graph reads sign-in and Page connection need: /me, /me/accounts, /me/permissions and
 * /{id}. `me` is whoever the token speaks for: the user, or the Page for a Page token.
 */

/** A Page token fetched with a short-lived user token lasts about an hour; otherwise forever. */
const SHORT_PAGE_TOKEN_SECONDS = 3600;
const USER_DEFAULT_FIELDS = ["id", "name"];
const PAGE_DEFAULT_FIELDS = ["id", "name"];
const ACCOUNTS_DEFAULT_FIELDS = ["access_token", "category", "category_list", "name", "id", "tasks"];

export function registerFacebookGraph(router: Router): void {
  router
    .get(`${GRAPH}/me`, me)
    .get(`${GRAPH}/me/accounts`, accounts)
    .get(`${GRAPH}/me/permissions`, permissions)
    .delete(`${GRAPH}/me/permissions`, deauthorize)
    .delete(`${GRAPH}/me/permissions/:permission`, revokePermission)
    .get(`${GRAPH}/:id(\\d+)`, node);
}

const nonexistingField = (field: string, nodeType: string) =>
  graphError({ message: `(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`, code: 100 });

const unsupportedGet = (id: string) =>
  graphError({
    message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    type: "GraphMethodException",
    code: 100,
    subcode: 33,
  });

function userFields(ctx: RequestContext, user: FacebookUser, token: IssuedToken): Record<string, unknown> {
  return {
    id: user.id,
    name: user.name,
    // E-mail needs the permission and an address on file; Facebook then just leaves it out.
    email: token.scopes.includes("email") && user.email ? user.email : undefined,
    picture: pictureField(avatarUrl(ctx.baseUrl, user.name)),
  };
}

function pageFields(ctx: RequestContext, page: FacebookPage, accessToken?: string): Record<string, unknown> {
  return {
    id: page.id,
    name: page.name,
    category: page.category,
    category_list: page.categoryList,
    fan_count: page.fanCount,
    tasks: page.tasks,
    picture: pictureField(page.pictureUrl ?? avatarUrl(ctx.baseUrl, page.name)),
    access_token: accessToken,
  };
}

/** The Pages this user token may see: granted at consent, still existing, still the user's. */
function grantedPages(store: SandboxStore, token: IssuedToken): FacebookPage[] {
  if (!token.scopes.includes("pages_show_list")) return [];
  const { pages } = store.slice(facebookState);
  return (token.data.pages ?? "")
    .split(",")
    .map((id) => pages.get(id))
    .filter((page): page is FacebookPage => page !== undefined && page.ownerId === token.subject);
}

/** Graph hands out the same Page token again while it is valid, so reuse before minting. */
function pageTokenFor(store: SandboxStore, userToken: IssuedToken, page: FacebookPage): string {
  const existing = store.findTokens(
    (t) => t.kind === "page" && t.subject === page.id && t.data.parent === userToken.value,
  );
  const live = existing.find((t) => store.checkToken(t.value, "facebook").status === "valid");
  if (live) return live.value;
  const lifetime = userToken.data.lifetime === "long" ? null : SHORT_PAGE_TOKEN_SECONDS;
  const data = { parent: userToken.value, userId: userToken.subject, lifetime: lifetime === null ? "never" : "short" };
  return store.issueToken(
    {
      platform: "facebook",
      kind: "page",
      clientId: userToken.clientId,
      subject: page.id,
      scopes: userToken.scopes,
      data,
    },
    lifetime,
    "EAAsandboxPage",
  ).value;
}

async function me(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = await authenticateGraph(ctx, 2500);
  if (!auth.ok) return auth.response;
  return describe(ctx, auth.token, auth.token.subject);
}

async function node(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = await authenticateGraph(ctx);
  if (!auth.ok) return auth.response;
  const video = findVideo(ctx.store, ctx.params.id ?? "");
  if (video) return (await describeVideo(ctx, auth.token, video)) ?? unsupportedGet(video.id);
  return describe(ctx, auth.token, ctx.params.id ?? "");
}

function describe(ctx: RequestContext, token: IssuedToken, id: string): SandboxResponse {
  const state = ctx.store.slice(facebookState);
  const fields = requestedFields(ctx);
  const page = state.pages.get(id);
  if (page && (token.kind === "page" ? token.subject === id : grantedPages(ctx.store, token).includes(page))) {
    return json(200, pickFields(pageFields(ctx, page), fields, PAGE_DEFAULT_FIELDS));
  }
  const user = state.users.get(id);
  if (user && token.kind === "user" && token.subject === id) {
    return json(200, pickFields(userFields(ctx, user, token), fields, USER_DEFAULT_FIELDS));
  }
  return unsupportedGet(id);
}

async function accounts(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = await authenticateGraph(ctx, 2500);
  if (!auth.ok) return auth.response;
  const { token } = auth;
  if (token.kind === "page") return nonexistingField("accounts", "Page");
  const fields = requestedFields(ctx);
  const pages = grantedPages(ctx.store, token);
  const data = pages.map((page) =>
    pickFields(pageFields(ctx, page, pageTokenFor(ctx.store, token, page)), fields, ACCOUNTS_DEFAULT_FIELDS),
  );
  const first = pages[0];
  const last = pages[pages.length - 1];
  if (!first || !last) return json(200, { data });
  const cursor = (id: string) => Buffer.from(id).toString("base64");
  return json(200, { data, paging: { cursors: { before: cursor(first.id), after: cursor(last.id) } } });
}

async function permissions(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = await authenticateGraph(ctx, 2500);
  if (!auth.ok) return auth.response;
  if (auth.token.kind === "page") return nonexistingField("permissions", "Page");
  const declined = (auth.token.data.declined ?? "").split(",").filter(Boolean);
  return json(200, {
    data: [
      ...auth.token.scopes.map((permission) => ({ permission, status: "granted" })),
      ...declined.map((permission) => ({ permission, status: "declined" })),
    ],
  });
}

/**
 * DELETE /me/permissions/{permission}: the user takes one permission back (as from their Facebook
 * settings). It leaves the user's tokens for this app and the Page tokens made from them, and
 * /me/permissions then reports it declined. Source: developers.facebook.com/docs/facebook-login/
 * guides/permissions/request-revoke ("Revoking Permissions").
 */
async function revokePermission(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = await authenticateGraph(ctx, 2500);
  if (!auth.ok) return auth.response;
  const { token } = auth;
  if (token.kind === "page") return nonexistingField("permissions", "Page");
  const permission = ctx.params.permission ?? "";
  if (permission === "public_profile")
    return graphError({ message: "(#100) The public_profile permission cannot be revoked", code: 100 });
  const affected = ctx.store.findTokens(
    (t) =>
      t.platform === "facebook" &&
      t.clientId === token.clientId &&
      ((t.kind === "user" && t.subject === token.subject) || (t.kind === "page" && t.data.userId === token.subject)),
  );
  for (const each of affected) {
    const index = each.scopes.indexOf(permission);
    if (index >= 0) each.scopes.splice(index, 1);
    if (each.kind === "user") {
      const declined = new Set((each.data.declined ?? "").split(",").filter(Boolean)).add(permission);
      each.data.declined = [...declined].join(",");
    }
  }
  return json(200, { success: true });
}

/**
 * DELETE /me/permissions (no permission named): the person de-authorizes the app, "revoking login".
 * Needs a user token (a Page token is refused as on /me/permissions). Every token of this app for
 * the user ends, the Page tokens made from them included; Graph answers `{"success": true}`.
 * Source: developers.facebook.com/docs/facebook-login/guides/permissions/request-revoke
 * ("Revoking Login": "DELETE /{user-id}/permissions").
 */
async function deauthorize(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = await authenticateGraph(ctx, 2500);
  if (!auth.ok) return auth.response;
  const { token } = auth;
  if (token.kind === "page") return nonexistingField("permissions", "Page");
  const affected = ctx.store.findTokens(
    (t) =>
      t.platform === "facebook" &&
      t.clientId === token.clientId &&
      ((t.kind === "user" && t.subject === token.subject) || (t.kind === "page" && t.data.userId === token.subject)),
  );
  const revoked = affected.filter((each) => ctx.store.revokeToken(each.value)).length;
  recordRevocation(ctx.store, "facebook", token.subject, revoked);
  return json(200, { success: true });
}
