import { beforeAll, describe, expect, it } from "vitest";
import { subscriptions, workspaceMembers, type WorkspaceRole } from "@/db/schema";
import { eq } from "drizzle-orm";
import { can, PERMISSION_MESSAGES, type Permission } from "@/lib/workspaces/roles";
import { WORKSPACE_HEADER, WORKSPACE_ROLES } from "@/lib/workspaces/schemas";
import { registeredClient, type ApiClient } from "../../fixtures/api-client";
import { listApiRoutes, routePath, type ApiRoute, type HttpMethod } from "../../fixtures/api-routes";
import { testDb } from "../../fixtures/test-db";
import { bodyNamingIds, victimWorld, type VictimWorld } from "../../fixtures/victim";

/**
 * Every API route × method, asked by a member of each role of one workspace (its header, and its
 * own ids in the path and body). The permission each route needs is decided in REQUIRED below, and
 * every route must be there: a new route fails this test until someone decides. A role without the
 * permission is answered 403 with the permission's sentence (not 404, not 500); a role with it is
 * never answered 403 (whatever else the probe's made-up body earns). Within a route, the roles
 * without the permission ask first, so what a permitted role's request deletes cannot turn a
 * refusal into a 404.
 */

type Need = Permission | "signed-in" | "public";

const REQUIRED: Record<string, Need> = {
  // Public, or the JSON 404 of a path no route serves.
  "GET /api/[[...path]]": "public",
  "POST /api/[[...path]]": "public",
  "PUT /api/[[...path]]": "public",
  "PATCH /api/[[...path]]": "public",
  "DELETE /api/[[...path]]": "public",
  "GET /api/auth/[...nextauth]": "public",
  "POST /api/auth/[...nextauth]": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/register": "public",
  "POST /api/auth/logout": "public",
  "GET /api/auth/logout": "public",
  "POST /api/auth/password-reset": "public",
  "POST /api/auth/password-reset/confirm": "public",
  "GET /api/health": "public",
  "POST /api/billing/webhook": "public",
  // A client's review link: the signed token in the path is the key (decision 0062).
  "GET /api/review/[token]": "public",
  "POST /api/review/[token]/decision": "public",
  "GET /api/review/[token]/media/[filename]": "public",
  "GET /api/review/[token]/media/[filename]/thumbnail": "public",
  // The person's own: their account, sessions, AI chats, workspaces list.
  "DELETE /api/auth/account": "signed-in",
  "POST /api/auth/logout-everywhere": "signed-in",
  "GET /api/auth/me": "signed-in",
  "PUT /api/auth/password": "signed-in",
  "PATCH /api/auth/profile": "signed-in",
  "POST /api/auth/refresh-token": "signed-in",
  "GET /api/auth/user": "signed-in",
  "GET /api/chat/history": "signed-in",
  "GET /api/openai/chat/history": "signed-in",
  "GET /api/openai/status": "signed-in",
  "GET /api/workspaces": "signed-in",
  "POST /api/workspaces": "signed-in",
  "POST /api/workspaces/switch": "signed-in",
  "POST /api/invitations/accept": "signed-in",
  "GET /api/notifications": "signed-in",
  "POST /api/notifications/read": "signed-in",
  // The steps of a connection: the pending connection they name was started under manageAccounts
  // (GET …/url below) and is checked again when completed (lib/social/server/connect-service.ts).
  "GET /api/social/auth/callback": "signed-in",
  "GET /api/social/auth/[platform]/callback": "signed-in",
  "POST /api/social/connect/[platform]": "signed-in",
  "POST /api/social/facebook/connect-pages": "signed-in",
  "POST /api/social/facebook/pages": "signed-in",
  "POST /api/social/facebook/user-info": "signed-in",
  "POST /api/social/linkedin/connect-profile": "signed-in",
  "POST /api/social/linkedin/user-info": "signed-in",
  "GET /api/social/auth/[platform]/url": "manageAccounts",
  // Reading the workspace.
  "GET /api/analytics/activity": "read",
  "GET /api/analytics/best-times": "read",
  "GET /api/analytics/export/daily": "read",
  "GET /api/analytics/export/top-posts": "read",
  "GET /api/analytics/overview": "read",
  "GET /api/analytics/performance": "read",
  "GET /api/analytics/platforms": "read",
  "GET /api/analytics/top-posts": "read",
  "GET /api/media/files/[filename]": "read",
  "GET /api/media/files/[filename]/thumbnail": "read",
  "GET /api/media/user": "read",
  "GET /api/post/[id]/chat": "read",
  "GET /api/post/[id]": "read",
  "GET /api/post/date-range": "read",
  "GET /api/queue": "read",
  "GET /api/post": "read",
  "GET /api/social/accounts/[id]": "read",
  "POST /api/social/accounts/[id]/test": "read",
  "GET /api/social/accounts": "read",
  "GET /api/subscription/check-limit": "read",
  "GET /api/subscription/costs": "read",
  "GET /api/subscription/current": "read",
  "GET /api/subscription/dashboard": "read",
  "GET /api/subscription/tiers": "read",
  "GET /api/subscription/usage/history": "read",
  "GET /api/subscription/usage": "read",
  "GET /api/workspaces/[id]/members": "read",
  "GET /api/workspaces/[id]/approvals": "read",
  "GET /api/post/[id]/comments": "read",
  // Their own comment: a member made a viewer may still take back what they wrote.
  "DELETE /api/post/[id]/comments/[commentId]": "read",
  // Drafts, media, the AI.
  "POST /api/chat": "draft",
  "POST /api/media/upload": "draft",
  "POST /api/media/validate-platform": "draft",
  "POST /api/openai/chat": "draft",
  "POST /api/openai/generate-post": "draft",
  "POST /api/post/[id]/enhance": "draft",
  "POST /api/post/[id]/generate-share-message": "draft",
  "PUT /api/post/[id]": "draft",
  "POST /api/post/[id]/summarize-twitter": "draft",
  "POST /api/post/[id]/comments": "draft",
  "POST /api/post/[id]/submit": "draft",
  "POST /api/social/accounts/[id]/posts/draft": "draft",
  "POST /api/social/posts": "draft",
  // Publishing and deleting.
  "DELETE /api/media/[filename]": "publish",
  "POST /api/post/[id]/page-check": "publish",
  "POST /api/post/[id]/publish": "publish",
  "POST /api/post/[id]/queue": "publish",
  "PUT /api/queue/[pageId]": "publish",
  "POST /api/queue/[pageId]/move": "publish",
  "POST /api/post/[id]/approve": "publish",
  "POST /api/post/[id]/request-changes": "publish",
  "GET /api/workspaces/[id]/review-links": "publish",
  "POST /api/workspaces/[id]/review-links": "publish",
  "DELETE /api/workspaces/[id]/review-links/[linkId]": "publish",
  "DELETE /api/post/[id]": "publish",
  "DELETE /api/post/bulk/delete": "publish",
  // Accounts.
  "POST /api/social/accounts/[id]/refresh-token": "manageAccounts",
  "POST /api/social/accounts/[id]/refresh": "manageAccounts",
  "PUT /api/social/accounts/[id]": "manageAccounts",
  "DELETE /api/social/accounts/[id]": "manageAccounts",
  "DELETE /api/social/pages/[id]": "manageAccounts",
  // The team.
  "PATCH /api/workspaces/[id]/members/[userId]": "manageMembers",
  "DELETE /api/workspaces/[id]/members/[userId]": "manageMembers",
  "POST /api/workspaces/[id]/invitations": "manageMembers",
  "DELETE /api/workspaces/[id]/invitations/[invitationId]": "manageMembers",
  "POST /api/workspaces/[id]/invitations/[invitationId]/resend": "manageMembers",
  "GET /api/activity": "manageMembers",
  // Settings, billing, deletion.
  "PATCH /api/auth/user": "manageSettings",
  "PATCH /api/workspaces/[id]": "manageSettings",
  "PATCH /api/workspaces/[id]/approvals": "manageSettings",
  "POST /api/subscription/cancel": "manageBilling",
  "POST /api/subscription/change-tier": "manageBilling",
  "POST /api/subscription/checkout/confirm": "manageBilling",
  "POST /api/subscription/initialize": "manageBilling",
  "POST /api/subscription/portal": "manageBilling",
  "POST /api/subscription/reactivate": "manageBilling",
  "DELETE /api/workspaces/[id]": "deleteWorkspace",
};

const SESSION_ENDING = /logout|signout|sign-out|sessions|revoke|password/i;

const routes = listApiRoutes();
const cases = routes.flatMap((route) => route.methods.map((method) => ({ route, method })));
const label = (method: HttpMethod, route: ApiRoute) => `${method} ${route.pattern}`;

let world: VictimWorld;
let members: Record<WorkspaceRole, ApiClient>;
/** A member every role may try to change or remove (never the prober itself: that is leaving). */
let target: { userId: string };
let invitationId: string;

const workspaceId = () => world.ids.userId;

async function addMember(role: WorkspaceRole, name: string) {
  const person = await registeredClient(name);
  await testDb().insert(workspaceMembers).values({ workspaceId: workspaceId(), userId: person.user.id, role });
  return person;
}

beforeAll(async () => {
  // The victim's personal workspace (its id is theirs), with an account, pages, a post, media and a
  // chat, on Premium so invitations fit.
  world = await victimWorld();
  await testDb().update(subscriptions).set({ tier: "premium" }).where(eq(subscriptions.workspaceId, workspaceId()));
  const entries = await Promise.all(
    WORKSPACE_ROLES.map(
      async (role) => [role, role === "owner" ? world.victim.client : (await addMember(role, role)).client] as const,
    ),
  );
  members = Object.fromEntries(entries) as Record<WorkspaceRole, ApiClient>;
  target = { userId: (await addMember("viewer", "Target")).user.id };
  const invited = await world.victim.client.post(`/api/workspaces/${workspaceId()}/invitations`, {
    email: `role-matrix-${target.userId}@example.com`,
    role: "viewer",
  });
  if (invited.status !== 201) throw new Error(`invitation: ${invited.status} ${invited.text}`);
  invitationId = (invited.body.data as { id: string }).id;
}, 90_000);

function value(route: ApiRoute, param: string): string {
  if (param.startsWith("...")) return "session";
  if (param === "platform") return "facebook";
  if (param === "filename") return world.ids.filename;
  if (param === "userId") return target.userId;
  if (param === "invitationId") return invitationId;
  if (param === "pageId") return world.ids.pageId;
  if (route.pattern.startsWith("/api/workspaces/")) return workspaceId();
  if (route.pattern.startsWith("/api/social/pages/")) return world.ids.pageId;
  return route.pattern.includes("/social/accounts/") ? world.ids.accountId : world.ids.postId;
}

async function probe(role: WorkspaceRole, method: HttpMethod, route: ApiRoute) {
  const path = routePath(route, (param) => value(route, param));
  // Requests that may end a session get a throwaway member of the role, so the role's own session
  // stays for the cases after them.
  const client = SESSION_ENDING.test(path) ? (await addMember(role, `Throwaway ${role}`)).client : members[role];
  const response = await client.request(method, path, {
    ...(method === "GET" ? {} : { json: bodyNamingIds(world.ids) }),
    headers: { Origin: client.baseUrl, "Sec-Fetch-Site": "same-origin", [WORKSPACE_HEADER]: workspaceId() },
  });
  return { response, where: `${role}: ${method} ${path} answered ${response.status}: ${response.text.slice(0, 300)}` };
}

describe("authorization by role", () => {
  it("decides a permission for every route, and for no route that is gone", () => {
    const labels = cases.map((c) => label(c.method, c.route));
    expect(
      labels.filter((l) => !(l in REQUIRED)),
      "routes without a decision in REQUIRED",
    ).toEqual([]);
    expect(
      Object.keys(REQUIRED).filter((l) => !labels.includes(l)),
      "REQUIRED names routes that do not exist",
    ).toEqual([]);
  });

  it.each(cases.map((c) => [label(c.method, c.route), c] as const))(
    "%s: 403 exactly for the roles without its permission",
    async (name, { route, method }) => {
      const need = REQUIRED[name];
      if (!need) return; // the test above names it
      const lacks = (role: WorkspaceRole) => need !== "public" && need !== "signed-in" && !can(role, need);
      const order = [...WORKSPACE_ROLES].sort((a, b) => Number(lacks(b)) - Number(lacks(a)));
      for (const role of order) {
        const { response, where } = await probe(role, method, route);
        expect(response.status, where).toBeLessThan(500);
        if (lacks(role)) {
          expect(response.status, where).toBe(403);
          expect(response.body.error, where).toBe(PERMISSION_MESSAGES[need as Permission]);
        } else expect(response.status, where).not.toBe(403);
      }
    },
  );
});
