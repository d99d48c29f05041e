import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEvents } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import { waitForMail } from "../../fixtures/mail";
import { inviteLinkIn, memberWith, patch, teamWorkspace, tokenOfInvite } from "../../fixtures/team";
import { testDb } from "../../fixtures/test-db";
import { testStack } from "../../fixtures/test-stack";

/**
 * The team's changes are in the workspace's activity log, each with who made it, written with the
 * change: invitations sent and revoked, people joining, roles changed, people removed or leaving.
 * A refused change records nothing.
 */

async function events(workspaceId: string) {
  const rows = await testDb()
    .select()
    .from(activityEvents)
    .where(eq(activityEvents.workspaceId, workspaceId))
    .orderBy(asc(activityEvents.createdAt), asc(activityEvents.id));
  return rows.map((row) => ({ kind: row.kind, actorId: row.actorId, subject: row.subject, details: row.details }));
}

describe("the team in the activity log", () => {
  it("invitations, joining, role changes and removals are recorded with their actor", async () => {
    const { owner, workspaceId } = await teamWorkspace("premium", "Logged team");
    const invitee = await registeredClient("Ivy Logged");
    const revokedEmail = `revoked-${invitee.email}`;

    const sent = await owner.client.post(`/api/workspaces/${workspaceId}/invitations`, {
      email: invitee.email,
      role: "editor",
    });
    expect(sent.status, sent.text).toBe(201);
    const second = await owner.client.post(`/api/workspaces/${workspaceId}/invitations`, {
      email: revokedEmail,
      role: "viewer",
    });
    expect(second.status, second.text).toBe(201);
    const revokedId = (second.body.data as { id: string }).id;
    expect((await owner.client.delete(`/api/workspaces/${workspaceId}/invitations/${revokedId}`)).status).toBe(200);

    const [mail] = await waitForMail(testStack().sandboxUrl, invitee.email);
    const joined = await invitee.client.post("/api/invitations/accept", { token: tokenOfInvite(inviteLinkIn(mail!)) });
    expect(joined.status, joined.text).toBe(200);

    const viewer = await memberWith(workspaceId, "viewer", "Vic Viewer");
    // Refused: a viewer changes nobody's role, and the log shows nothing of it.
    expect(
      (await patch(viewer.client, `/api/workspaces/${workspaceId}/members/${invitee.user.id}`, { role: "admin" }))
        .status,
    ).toBe(403);
    const changed = await patch(owner.client, `/api/workspaces/${workspaceId}/members/${invitee.user.id}`, {
      role: "contributor",
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await owner.client.delete(`/api/workspaces/${workspaceId}/members/${invitee.user.id}`)).status).toBe(200);
    expect((await viewer.client.delete(`/api/workspaces/${workspaceId}/members/${viewer.user.id}`)).status).toBe(200);

    const team = (await events(workspaceId)).filter((event) => /^(member|invitation)_/.test(event.kind));
    expect(team).toEqual([
      { kind: "member_invited", actorId: owner.user.id, subject: invitee.email, details: { role: "editor" } },
      { kind: "member_invited", actorId: owner.user.id, subject: revokedEmail, details: { role: "viewer" } },
      { kind: "invitation_revoked", actorId: owner.user.id, subject: revokedEmail, details: { role: "viewer" } },
      {
        kind: "member_added",
        actorId: invitee.user.id,
        subject: "Ivy Logged",
        details: { userId: invitee.user.id, role: "editor", invitedBy: owner.user.id },
      },
      {
        kind: "member_role_changed",
        actorId: owner.user.id,
        subject: "Ivy Logged",
        details: { userId: invitee.user.id, role: "contributor", previousRole: "editor" },
      },
      {
        kind: "member_removed",
        actorId: owner.user.id,
        subject: "Ivy Logged",
        details: { userId: invitee.user.id, role: "contributor", left: false },
      },
      {
        kind: "member_removed",
        actorId: viewer.user.id,
        subject: "Vic Viewer",
        details: { userId: viewer.user.id, role: "viewer", left: true },
      },
    ]);
  });
});
