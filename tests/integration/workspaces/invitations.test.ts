import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptions, workspaceInvitations } from "@/db/schema";
import type { SubscriptionUsage } from "@/lib/billing/schemas";
import { PERMISSION_MESSAGES } from "@/lib/workspaces/roles";
import { TEAM_MESSAGES, WORKSPACE_HEADER, type TeamListing } from "@/lib/workspaces/schemas";
import { ApiClient, registeredClient, uniqueEmail } from "../../fixtures/api-client";
import { mailTo, waitForMail } from "../../fixtures/mail";
import { inviteLinkIn, memberWith, rolesIn, teamWorkspace, tokenOfInvite, type Registered } from "../../fixtures/team";
import { testDb } from "../../fixtures/test-db";
import { testStack } from "../../fixtures/test-stack";

/**
 * Invitations by e-mail: a one-use link that expires in 7 days, only for the invited address;
 * resent (a new link, the old one dead), revoked, replaced by a new invitation for the same address;
 * members plus pending invitations within the plan's team members; accepted exactly once.
 */

const sandboxUrl = () => testStack().sandboxUrl;
const invitations = (workspaceId: string) => `/api/workspaces/${workspaceId}/invitations`;
const accept = (client: ApiClient, token: string) => client.post("/api/invitations/accept", { token });

async function invite(actor: Registered, workspaceId: string, email: string, role = "editor") {
  const response = await actor.client.post(invitations(workspaceId), { email, role });
  expect(response.status, response.text).toBe(201);
  return response.body.data as { id: string; email: string; role: string; expiresAt: string };
}

/** The link of the `nth` newest invitation e-mail to `email` (waiting for `count` of them). */
async function linkMailedTo(email: string, count = 1): Promise<string> {
  const messages = await waitForMail(sandboxUrl(), email, count);
  return inviteLinkIn(messages[0]!);
}

const team = async (client: ApiClient, workspaceId: string) =>
  (await client.get(`/api/workspaces/${workspaceId}/members`)).body.data as TeamListing;

describe("invitations", () => {
  it("mails a one-use link (only its hash stored, 7 days); the invited person joins with the role", async () => {
    const { owner, workspaceId } = await teamWorkspace("premium", "Agency");
    const invitee = await registeredClient("Ivy Invitee");
    const sent = await owner.client.post(invitations(workspaceId), {
      email: invitee.email.toUpperCase(),
      role: "editor",
    });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.message).toBe(TEAM_MESSAGES.invited(invitee.email));

    const [mail] = await waitForMail(sandboxUrl(), invitee.email);
    expect(mail!.subject).toBe("Owner Person invited you to Agency on Postloom");
    const link = inviteLinkIn(mail!);
    expect(link.startsWith(`${testStack().appUrl}/invite/`)).toBe(true);
    const token = tokenOfInvite(link);

    const [row] = await testDb()
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.workspaceId, workspaceId));
    expect(row).toMatchObject({ email: invitee.email, role: "editor", invitedBy: owner.user.id, acceptedAt: null });
    expect(row!.tokenHash).not.toContain(token);
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const listed = await team(owner.client, workspaceId);
    expect(listed.invitations).toMatchObject([{ email: invitee.email, role: "editor", expired: false }]);
    expect(listed.seats).toEqual({ used: 2, limit: 10 });

    const signedOutPage = await new ApiClient().get(`/invite/${token}`);
    expect(signedOutPage.status).toBe(200);
    expect(signedOutPage.text).toContain("Join Agency");
    expect(signedOutPage.text).toContain("Sign in to accept");
    const page = await invitee.client.get(`/invite/${token}`);
    expect(page.text).toContain("Join Agency");

    const joined = await accept(invitee.client, token);
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.data).toMatchObject({ id: workspaceId, name: "Agency", role: "editor" });
    expect((await rolesIn(workspaceId))[invitee.user.id]).toBe("editor");
    const posts = await invitee.client.request("GET", "/api/post", { headers: { [WORKSPACE_HEADER]: workspaceId } });
    expect(posts.status).toBe(200);

    const again = await accept(invitee.client, token);
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ error: TEAM_MESSAGES.invitationAccepted, code: "invitation_used" });
    expect((await new ApiClient().get(`/invite/${token}`)).text).toContain(TEAM_MESSAGES.invitationAccepted);
    expect((await team(owner.client, workspaceId)).invitations).toEqual([]);
  });

  it("someone signed in with another address is refused (403); the link still works for the invited one", async () => {
    const { owner, workspaceId } = await teamWorkspace();
    const invitee = await registeredClient("Invited");
    const other = await registeredClient("Other");
    await invite(owner, workspaceId, invitee.email);
    const token = tokenOfInvite(await linkMailedTo(invitee.email));

    const refused = await accept(other.client, token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(TEAM_MESSAGES.wrongEmail(invitee.email));
    expect((await other.client.get(`/invite/${token}`)).text).toContain("Sign in with that address to accept it.");
    expect(Object.keys(await rolesIn(workspaceId))).not.toContain(other.user.id);
    expect((await accept(invitee.client, token)).status).toBe(200);
  });

  it("an expired link says so on its page and is refused; nothing is written", async () => {
    const { owner, workspaceId } = await teamWorkspace();
    const invitee = await registeredClient("Late");
    const sent = await invite(owner, workspaceId, invitee.email);
    const token = tokenOfInvite(await linkMailedTo(invitee.email));
    await testDb()
      .update(workspaceInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(workspaceInvitations.id, sent.id));

    const refused = await accept(invitee.client, token);
    expect(refused.status).toBe(410);
    expect(refused.body).toMatchObject({ error: TEAM_MESSAGES.invitationExpired, code: "invitation_expired" });
    expect((await invitee.client.get(`/invite/${token}`)).text).toContain(TEAM_MESSAGES.invitationExpired);
    expect(Object.keys(await rolesIn(workspaceId))).not.toContain(invitee.user.id);
    // Listed as expired (to be resent), and no longer holding a seat.
    const listed = await team(owner.client, workspaceId);
    expect(listed.invitations).toMatchObject([{ id: sent.id, expired: true }]);
    expect(listed.seats.used).toBe(1);
  });

  it("a revoked link says so and is refused; its seat is free again", async () => {
    const { owner, workspaceId } = await teamWorkspace("standard");
    const invitee = await registeredClient("Revoked");
    const sent = await invite(owner, workspaceId, invitee.email);
    const token = tokenOfInvite(await linkMailedTo(invitee.email));

    const revoked = await owner.client.delete(`${invitations(workspaceId)}/${sent.id}`);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.message).toBe(TEAM_MESSAGES.revoked);
    const refused = await accept(invitee.client, token);
    expect(refused.status).toBe(410);
    expect(refused.body.error).toBe(TEAM_MESSAGES.invitationRevoked);
    expect((await new ApiClient().get(`/invite/${token}`)).text).toContain(TEAM_MESSAGES.invitationRevoked);
    expect((await team(owner.client, workspaceId)).seats).toEqual({ used: 1, limit: 3 });
    expect((await owner.client.delete(`${invitations(workspaceId)}/${sent.id}`)).status).toBe(404);
  });

  it("resending mails a new link with a new expiry; the old link stops working", async () => {
    const { owner, workspaceId } = await teamWorkspace();
    const invitee = await registeredClient("Resent");
    const sent = await invite(owner, workspaceId, invitee.email);
    const oldToken = tokenOfInvite(await linkMailedTo(invitee.email));
    await testDb()
      .update(workspaceInvitations)
      .set({ expiresAt: sql`now() - interval '1 day'` })
      .where(eq(workspaceInvitations.id, sent.id));

    const resent = await owner.client.post(`${invitations(workspaceId)}/${sent.id}/resend`);
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body.message).toBe(TEAM_MESSAGES.resent(invitee.email));
    const newToken = tokenOfInvite(await linkMailedTo(invitee.email, 2));
    expect(newToken).not.toBe(oldToken);
    const [row] = await testDb().select().from(workspaceInvitations).where(eq(workspaceInvitations.id, sent.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);

    const old = await accept(invitee.client, oldToken);
    expect(old.status).toBe(404);
    expect(old.body.error).toBe(TEAM_MESSAGES.invitationUnknown);
    expect((await accept(invitee.client, newToken)).status).toBe(200);
  });

  it("members plus pending invitations stay within the plan's team members (402 naming the limit); nothing is written", async () => {
    const free = await teamWorkspace("free");
    const onFree = await free.owner.client.post(invitations(free.workspaceId), {
      email: uniqueEmail(),
      role: "viewer",
    });
    expect(onFree.status).toBe(402);
    expect(onFree.body).toMatchObject({ error: TEAM_MESSAGES.teamLimit("Free", 1), code: "team_limit_reached" });

    const { owner, workspaceId } = await teamWorkspace("standard");
    const first = await invite(owner, workspaceId, uniqueEmail("first"));
    await invite(owner, workspaceId, uniqueEmail("second"));
    const thirdEmail = uniqueEmail("third");
    const refused = await owner.client.post(invitations(workspaceId), { email: thirdEmail, role: "viewer" });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe(
      "The Standard plan allows 3 team members, counting pending invitations. Upgrade the plan to invite more.",
    );
    expect((await team(owner.client, workspaceId)).invitations).toHaveLength(2);
    expect(await mailTo(sandboxUrl(), thirdEmail)).toEqual([]);

    // The billing page counts the same seats.
    const usage = await owner.client.request("GET", "/api/subscription/usage", {
      headers: { [WORKSPACE_HEADER]: workspaceId },
    });
    expect((usage.body.data as SubscriptionUsage).usage.teamMembers).toEqual({ current: 3, limit: 3 });

    expect((await owner.client.delete(`${invitations(workspaceId)}/${first.id}`)).status).toBe(200);
    expect((await owner.client.post(invitations(workspaceId), { email: thirdEmail, role: "viewer" })).status).toBe(201);
  });

  it("after a downgrade, accepting cannot take the team past the new plan's limit (402), and the link still works later", async () => {
    const { owner, workspaceId } = await teamWorkspace("standard");
    const invitee = await registeredClient("Downgraded");
    await invite(owner, workspaceId, invitee.email);
    const token = tokenOfInvite(await linkMailedTo(invitee.email));
    await testDb().update(subscriptions).set({ tier: "free" }).where(eq(subscriptions.workspaceId, workspaceId));

    const refused = await accept(invitee.client, token);
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe(TEAM_MESSAGES.teamLimit("Free", 1));
    expect(Object.keys(await rolesIn(workspaceId))).not.toContain(invitee.user.id);

    await testDb().update(subscriptions).set({ tier: "standard" }).where(eq(subscriptions.workspaceId, workspaceId));
    expect((await accept(invitee.client, token)).status).toBe(200);
  });

  it("two invitations racing for the last seat: exactly one is made", async () => {
    const { owner, workspaceId } = await teamWorkspace("standard");
    await invite(owner, workspaceId, uniqueEmail("first"));
    const answers = await Promise.all(
      [uniqueEmail("a"), uniqueEmail("b"), uniqueEmail("c")].map((email) =>
        owner.client.post(invitations(workspaceId), { email, role: "viewer" }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 402, 402]);
    expect((await team(owner.client, workspaceId)).seats).toEqual({ used: 3, limit: 3 });
  });

  it("an address already a member is answered 409; a second invitation replaces the first", async () => {
    const { owner, workspaceId } = await teamWorkspace();
    const editor = await memberWith(workspaceId, "editor");
    const already = await owner.client.post(invitations(workspaceId), { email: editor.email, role: "viewer" });
    expect(already.status).toBe(409);
    expect(already.body).toMatchObject({ error: TEAM_MESSAGES.alreadyMember(editor.email), code: "already_member" });

    const invitee = await registeredClient("Twice");
    await invite(owner, workspaceId, invitee.email, "viewer");
    const firstToken = tokenOfInvite(await linkMailedTo(invitee.email));
    await invite(owner, workspaceId, invitee.email, "admin");
    const secondToken = tokenOfInvite(await linkMailedTo(invitee.email, 2));
    expect((await team(owner.client, workspaceId)).invitations).toMatchObject([
      { email: invitee.email, role: "admin" },
    ]);
    expect((await accept(invitee.client, firstToken)).status).toBe(410);
    expect((await accept(invitee.client, secondToken)).status).toBe(200);
    expect((await rolesIn(workspaceId))[invitee.user.id]).toBe("admin");
  });

  it("only owners invite owners; a viewer cannot invite (403), a stranger gets 404", async () => {
    const { owner, workspaceId } = await teamWorkspace();
    const admin = await memberWith(workspaceId, "admin");
    const viewer = await memberWith(workspaceId, "viewer");
    const stranger = await registeredClient("Stranger");
    const email = uniqueEmail("owner-to-be");

    const byAdmin = await admin.client.post(invitations(workspaceId), { email, role: "owner" });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.error).toBe(TEAM_MESSAGES.ownersManageOwners);
    const byViewer = await viewer.client.post(invitations(workspaceId), { email, role: "viewer" });
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.error).toBe(PERMISSION_MESSAGES.manageMembers);
    expect((await stranger.client.post(invitations(workspaceId), { email, role: "viewer" })).status).toBe(404);
    const invalid = await admin.client.post(invitations(workspaceId), { email: "not an address", role: "viewer" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe("Please enter a valid email address");
    expect((await team(owner.client, workspaceId)).invitations).toEqual([]);

    expect((await admin.client.post(invitations(workspaceId), { email, role: "editor" })).status).toBe(201);
    expect((await owner.client.post(invitations(workspaceId), { email, role: "owner" })).status).toBe(201);
  });

  it("two accepts of one link at once make exactly one member", async () => {
    const { owner, workspaceId } = await teamWorkspace();
    const invitee = await registeredClient("Racer");
    await invite(owner, workspaceId, invitee.email);
    const token = tokenOfInvite(await linkMailedTo(invitee.email));
    const second = new ApiClient();
    expect((await second.post("/api/auth/login", { email: invitee.email, password: invitee.password })).status).toBe(
      200,
    );

    const answers = await Promise.all([
      accept(invitee.client, token),
      accept(second, token),
      accept(invitee.client, token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410, 410]);
    const rows = await testDb().execute(
      sql`select count(*)::int as n from workspace_members where workspace_id = ${workspaceId} and user_id = ${invitee.user.id}`,
    );
    expect(rows.rows[0]).toEqual({ n: 1 });
  });

  it("registering through the link: the form has the invited address, and the new account joins", async () => {
    const { owner, workspaceId } = await teamWorkspace("premium", "Studio");
    const email = uniqueEmail("newcomer");
    await invite(owner, workspaceId, email, "contributor");
    const token = tokenOfInvite(await linkMailedTo(email));

    const page = await new ApiClient().get(`/invite/${token}`);
    expect(page.text).toContain(`/register?invite=${token}`);
    const form = await new ApiClient().get(`/register?invite=${token}`);
    expect(form.status).toBe(200);
    expect(form.text).toContain(`value="${email}"`);
    expect(form.text).toContain("Create your account to join");

    // What the form does: register, then accept.
    const client = new ApiClient();
    const password = "correct horse battery";
    const registered = await client.post("/api/auth/register", {
      name: "Newcomer",
      email,
      password,
      password2: password,
    });
    expect(registered.status, registered.text).toBe(201);
    const joined = await accept(client, token);
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.data).toMatchObject({ id: workspaceId, name: "Studio", role: "contributor" });
    const switched = await client.post("/api/workspaces/switch", { workspaceId });
    expect(switched.body.workspace).toMatchObject({ id: workspaceId, role: "contributor" });
  });

  it("an unknown token: the page and the endpoint say the link is not valid", async () => {
    const { client } = await registeredClient();
    const token = "x".repeat(43);
    const refused = await accept(client, token);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe(TEAM_MESSAGES.invitationUnknown);
    expect((await new ApiClient().get(`/invite/${token}`)).text).toContain(TEAM_MESSAGES.invitationUnknown);
  });
});
