import { beforeAll, describe, expect, it } from "vitest";
import { ApiClient, registeredClient } from "../../fixtures/api-client";
import { listApiRoutes, routePath, type ApiRoute, type HttpMethod } from "../../fixtures/api-routes";
import { bodyNamingIds, victimWorld, type VictimWorld } from "../../fixtures/victim";

/**
 * Every API route × every method it exports, generated from app/api/**\/route.ts (a new route is in
 * the matrix without anyone adding it), asked (1) without a session and (2) by another signed-in
 * user naming the victim's ids in the path and the body. Without a session a route answers 401
 * unless it is public (its documented answers below); another user's resource in the path answers
 * 404 exactly like a missing one; nothing answers 5xx, no answer contains the victim's data, and the
 * victim's rows are byte for byte what they were.
 */

/** Public routes and what each answers to a request without a session and with an empty JSON body. */
const PUBLIC: Record<string, number[]> = {
  "POST /api/auth/login": [400],
  "POST /api/auth/register": [400],
  "POST /api/auth/logout": [200],
  "GET /api/auth/logout": [200, 405],
  "GET /api/health": [200, 503],
  // Stripe's webhook: no session, the Stripe-Signature over the body is its authentication (400 without).
  "POST /api/billing/webhook": [400],
  // 'Forgot your password?': the same answer for any address; a bad or missing body is 400.
  "POST /api/auth/password-reset": [200, 400, 429],
  "POST /api/auth/password-reset/confirm": [400],
  // A client's review link: the signed token in the path is the key; a made-up one names no link (404).
  "GET /api/review/[token]": [404],
  "POST /api/review/[token]/decision": [404],
  "GET /api/review/[token]/media/[filename]": [404],
  "GET /api/review/[token]/media/[filename]/thumbnail": [404],
  // The JSON 404 of every path no route serves.
  ...Object.fromEntries(
    ["GET", "POST", "PUT", "PATCH", "DELETE"].map((method) => [`${method} /api/[[...path]]`, [404]]),
  ),
  // Public for intent=login|signup; without an intent it starts a connection, which needs a session.
  "GET /api/social/auth/[platform]/url": [401],
  // Auth.js's own endpoints: sessions, providers, CSRF token, sign-in pages and redirects.
  "GET /api/auth/[...nextauth]": [200, 302, 400],
  "POST /api/auth/[...nextauth]": [200, 302, 400],
};

/** Auth.js's catch-all, asked at the actions it serves. */
const NEXTAUTH_ACTIONS = ["session", "providers", "csrf", "signin", "signout", "callback/credentials", "signin/google"];

const SESSION_ENDING = /logout|signout|sign-out|sessions|revoke|password/i;

/** Segments that name a resource of the user: another user's answers 404. */
const RESOURCE_PARAMS = new Set(["id", "filename"]);

const routes = listApiRoutes();
const cases = routes.flatMap((route) => route.methods.map((method) => ({ route, method })));

let world: VictimWorld;
let attacker: Awaited<ReturnType<typeof registeredClient>>;
let before: string;

beforeAll(async () => {
  world = await victimWorld();
  attacker = await registeredClient("Attacker Person");
  before = await world.snapshot();
}, 60_000);

/** The victim's id for a path segment: a post's or an account's id by the folder before it, a page's, a media file's name. */
function victimValue(route: ApiRoute, param: string): string {
  if (param.startsWith("...")) return "session";
  if (param === "platform") return "facebook";
  if (param === "filename") return world.ids.filename;
  if (param === "pageId" || route.pattern.startsWith("/api/social/pages/")) return world.ids.pageId;
  return route.pattern.includes("/social/accounts/") ? world.ids.accountId : world.ids.postId;
}

function paths(route: ApiRoute): string[] {
  if (route.params.some((p) => p.startsWith("...")))
    return NEXTAUTH_ACTIONS.map((action) => routePath(route, () => action));
  return [routePath(route, (param) => victimValue(route, param))];
}

async function send(client: ApiClient, method: HttpMethod, path: string, json: unknown) {
  return client.request(method, path, {
    ...(method === "GET" ? {} : { json }),
    // A same-origin browser request, so only authorization decides the answer.
    headers: { Origin: client.baseUrl, "Sec-Fetch-Site": "same-origin" },
  });
}

function expectNoLeak(text: string, label: string) {
  for (const secret of [world.marker, world.ids.userId, world.victim.email])
    expect(text.includes(secret), `${label} leaked ${secret}`).toBe(false);
}

describe("authorization matrix", () => {
  it("lists the app's routes (the matrix is generated from them)", () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(cases.map((c) => `${c.method} ${c.route.pattern}`)).toContain("PUT /api/post/[id]");
  });

  it.each(cases.map((c) => [`${c.method} ${c.route.pattern}`, c] as const))(
    "%s without a session: 401 (or its documented public answer), no data, nothing changed",
    async (label, { route, method }) => {
      for (const path of paths(route)) {
        const response = await send(new ApiClient(), method, path, {});
        const allowed = PUBLIC[label] ?? [401];
        expect(allowed, `${method} ${path} answered ${response.status}: ${response.text.slice(0, 300)}`).toContain(
          response.status,
        );
        expectNoLeak(response.text, `${method} ${path}`);
      }
      expect(await world.snapshot()).toBe(before);
    },
  );

  it.each(cases.map((c) => [`${c.method} ${c.route.pattern}`, c] as const))(
    "%s by another user naming the victim's ids: 404 for the victim's resource, never their data, nothing changed",
    async (label, { route, method }) => {
      const namesResource = route.params.some((param) => RESOURCE_PARAMS.has(param));
      for (const path of paths(route)) {
        // Routes that may end sessions (log out, sign out everywhere, password changes) get a
        // throwaway user's session, so the attacker's stays valid for the cases after them.
        const client = SESSION_ENDING.test(path) ? (await registeredClient("Throwaway")).client : attacker.client;
        const response = await send(client, method, path, bodyNamingIds(world.ids));
        const where = `${method} ${path} answered ${response.status}: ${response.text.slice(0, 300)}`;
        expect(response.status, where).toBeLessThan(500);
        if (namesResource) expect(response.status, where).toBe(404);
        expectNoLeak(response.text, `${method} ${path}`);
      }
      expect(await world.snapshot(), label).toBe(before);
    },
  );

  it("the victim still has everything", async () => {
    const own = await world.victim.client.get(`/api/post/${world.ids.postId}`);
    expect(own.status).toBe(200);
    expect(own.text).toContain(world.marker);
    const file = await fetch(`${world.victim.client.baseUrl}/api/media/files/${world.ids.filename}`, {
      headers: { Cookie: world.victim.client.cookieHeader() },
    });
    expect(file.status).toBe(200);
  });
});
