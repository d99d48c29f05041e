import { describe, expect, it } from "vitest";
import { PERMISSION_MESSAGES } from "@/lib/workspaces/roles";
import { TEAM_MESSAGES, type TeamListing } from "@/lib/workspaces/schemas";
import { registeredClient } from "../../fixtures/api-client";
import { memberWith, patch, rolesIn, teamWorkspace } from "../../fixtures/team";

/**
 * Settings › Team: members listed with their role; owners and admins change roles and remove
 * people, only owners make or touch owners, anyone may leave, and a workspace always keeps an owner.
 */

const members = (workspaceId: string) => `/api/workspaces/${workspaceId}/members`;
const member = (workspaceId: string, userId: string) => `${members(workspaceId)}/${userId}`;

describe("team members", () => {
  it("lists the members with name, e-mail, role and when they joined, to every member", async () => {
    const { owner, workspaceId } = await teamWorkspace();
    const viewer = await memberWith(workspaceId, "viewer", "Vera Viewer");
    const response = await viewer.client.get(members(workspaceId));
    expect(response.status, response.text).toBe(200);
    const team = response.body.data as TeamListing;
    expect(team.members).toEqual([
      { userId: owner.user.id, name: "Owner Person", email: owner.email, role: "owner", joinedAt: expect.any(String) },
      {
        userId: viewer.user.id,
        name: "Vera Viewer",
        email: viewer.email,
        role: "viewer",
        joinedAt: expect.any(String),
      },
    ]);
    expect(team.invitations).toEqual([]);
    expect(team.seats).toEqual({ used: 2, limit: 10 });

    const stranger = await registeredClient("Stranger");
    const refused = await stranger.client.get(members(workspaceId));
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe("Workspace not found");
  });

  it("an admin changes an editor's role; a viewer or editor is refused with the permission sentence, and nothing changes", async () => {
    const { workspaceId } = await teamWorkspace();
    const admin = await memberWith(workspaceId, "admin");
    const editor = await memberWith(workspaceId, "editor");
    const viewer = await memberWith(workspaceId, "viewer");

    for (const actor of [viewer, editor]) {
      const refused = await patch(actor.client, member(workspaceId, viewer.user.id), { role: "admin" });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(PERMISSION_MESSAGES.manageMembers);
    }
    const bad = await patch(admin.client, member(workspaceId, editor.user.id), { role: "boss" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Choose a role: owner, admin, editor, contributor or viewer");
    expect((await rolesIn(workspaceId))[editor.user.id]).toBe("editor");

    const changed = await patch(admin.client, member(workspaceId, editor.user.id), { role: "contributor" });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.message).toBe(TEAM_MESSAGES.roleChanged);
    expect((await rolesIn(workspaceId))[editor.user.id]).toBe("contributor");

    const missing = await patch(admin.client, member(workspaceId, "no-such-user"), { role: "viewer" });
    expect(missing.status).toBe(404);
  });

  it("only owners make owners or change and remove them: an admin is refused (403)", async () => {
    const { owner, workspaceId } = await teamWorkspace();
    const admin = await memberWith(workspaceId, "admin");
    const editor = await memberWith(workspaceId, "editor");
    const before = await rolesIn(workspaceId);

    for (const [path, body] of [
      [member(workspaceId, editor.user.id), { role: "owner" }],
      [member(workspaceId, owner.user.id), { role: "viewer" }],
    ] as const) {
      const refused = await patch(admin.client, path, body);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(TEAM_MESSAGES.ownersManageOwners);
    }
    const removal = await admin.client.delete(member(workspaceId, owner.user.id));
    expect(removal.status).toBe(403);
    expect(removal.body.error).toBe(TEAM_MESSAGES.ownersManageOwners);
    expect(await rolesIn(workspaceId)).toEqual(before);

    // The owner may: a second owner, who then may demote the first.
    expect((await patch(owner.client, member(workspaceId, editor.user.id), { role: "owner" })).status).toBe(200);
    expect((await patch(editor.client, member(workspaceId, owner.user.id), { role: "admin" })).status).toBe(200);
    expect(await rolesIn(workspaceId)).toMatchObject({ [owner.user.id]: "admin", [editor.user.id]: "owner" });
  });

  it("the last owner can be neither demoted nor removed, nor leave (409); with a second owner they can", async () => {
    const { owner, workspaceId } = await teamWorkspace();
    const admin = await memberWith(workspaceId, "admin");

    const demoted = await patch(owner.client, member(workspaceId, owner.user.id), { role: "admin" });
    expect(demoted.status).toBe(409);
    expect(demoted.body).toMatchObject({ error: TEAM_MESSAGES.lastOwner, code: "last_owner" });
    const left = await owner.client.delete(member(workspaceId, owner.user.id));
    expect(left.status).toBe(409);
    expect(left.body.error).toBe(TEAM_MESSAGES.lastOwner);
    expect((await rolesIn(workspaceId))[owner.user.id]).toBe("owner");

    expect((await patch(owner.client, member(workspaceId, admin.user.id), { role: "owner" })).status).toBe(200);
    const leaving = await owner.client.delete(member(workspaceId, owner.user.id));
    expect(leaving.status, leaving.text).toBe(200);
    expect(leaving.body.message).toBe(TEAM_MESSAGES.left);
    expect(await rolesIn(workspaceId)).toEqual({ [admin.user.id]: "owner" });
    // Gone: the workspace is no longer theirs.
    expect((await owner.client.get(members(workspaceId))).status).toBe(404);
  });

  it("two owners demoting each other at once: one succeeds, the other is no owner any more and is refused", async () => {
    const { owner, workspaceId } = await teamWorkspace();
    const second = await memberWith(workspaceId, "owner");
    const answers = await Promise.all([
      patch(owner.client, member(workspaceId, second.user.id), { role: "editor" }),
      patch(second.client, member(workspaceId, owner.user.id), { role: "editor" }),
    ]);
    // The second, under the team lock, finds its actor demoted: an editor changes no owner (403).
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    expect(Object.values(await rolesIn(workspaceId)).filter((role) => role === "owner")).toHaveLength(1);
  });

  it("an admin removes an editor; a viewer leaves; a viewer cannot remove anyone else", async () => {
    const { workspaceId } = await teamWorkspace();
    const admin = await memberWith(workspaceId, "admin");
    const editor = await memberWith(workspaceId, "editor");
    const viewer = await memberWith(workspaceId, "viewer");

    const refused = await viewer.client.delete(member(workspaceId, editor.user.id));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(PERMISSION_MESSAGES.manageMembers);

    const removed = await admin.client.delete(member(workspaceId, editor.user.id));
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.message).toBe(TEAM_MESSAGES.removed);
    expect((await editor.client.get(members(workspaceId))).status).toBe(404);

    expect((await viewer.client.delete(member(workspaceId, viewer.user.id))).status).toBe(200);
    expect(Object.keys(await rolesIn(workspaceId))).not.toContain(viewer.user.id);
  });
});
