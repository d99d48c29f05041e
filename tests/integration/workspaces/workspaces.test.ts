import { describe, expect, it } from "vitest";
import { posts, workspaceMembers } from "@/db/schema";
import { WORKSPACE_HEADER } from "@/lib/workspaces/schemas";
import { ApiClient, registeredClient } from "../../fixtures/api-client";
import { testDb } from "../../fixtures/test-db";

/**
 * Workspaces own the work: a person's requests name the workspace they work in (the tab's header,
 * else the switcher's cookie, else their first), see only its data, and are refused by role.
 */

const draft = (content: string) => ({
  content,
  pages: [],
  media: [],
  status: "draft",
  useAIShareMessage: false,
  summarizeForTwitter: false,
});

type Summary = { id: string; name: string; role: string };

async function newWorkspace(client: ApiClient, name: string): Promise<Summary> {
  const response = await client.post("/api/workspaces", { name });
  expect(response.status, response.text).toBe(201);
  return response.body.data as Summary;
}

/** Posts the list shows in a workspace (by its header). */
async function postContents(client: ApiClient, workspaceId: string): Promise<string[]> {
  const response = await client.request("GET", "/api/post?limit=50", { headers: { [WORKSPACE_HEADER]: workspaceId } });
  expect(response.status, response.text).toBe(200);
  return (response.body.posts as { content: string }[]).map((post) => post.content).sort();
}

describe("workspaces", () => {
  it("every account starts in a personal workspace it owns, on the Free plan", async () => {
    const { client, user } = await registeredClient("Ada");
    const me = await client.get("/api/auth/me");
    expect(me.body.workspace).toEqual({ id: user.id, name: "Personal", role: "owner", timeZone: "UTC" });
    expect(me.body.workspaces).toEqual([me.body.workspace]);
    expect((await client.get("/api/subscription/current")).body.data).toMatchObject({ tier: "free" });
  });

  it("a request works in the workspace it names: two workspaces never see or write each other's posts", async () => {
    const { client, user } = await registeredClient("Agency");
    const client2 = await newWorkspace(client, "Client two");
    expect(client2).toMatchObject({ name: "Client two", role: "owner" });
    expect(client2.id).not.toBe(user.id);

    await testDb()
      .insert(posts)
      .values([
        { workspaceId: user.id, authorId: user.id, content: "Personal draft" },
        { workspaceId: client2.id, authorId: user.id, content: "Client two draft" },
      ]);

    expect(await postContents(client, user.id)).toEqual(["Personal draft"]);
    expect(await postContents(client, client2.id)).toEqual(["Client two draft"]);
    // Without a header, the switcher's choice; before any, the first workspace.
    expect((await client.get("/api/post?limit=50")).body.posts).toMatchObject([{ content: "Personal draft" }]);
    const switched = await client.post("/api/workspaces/switch", { workspaceId: client2.id });
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body.workspace).toMatchObject({ id: client2.id, name: "Client two" });
    expect((await client.get("/api/post?limit=50")).body.posts).toMatchObject([{ content: "Client two draft" }]);
    // A tab still on the personal workspace keeps working there.
    expect(await postContents(client, user.id)).toEqual(["Personal draft"]);
  });

  it("another's workspace answers 404, exactly as one that does not exist", async () => {
    const owner = await registeredClient("Owner");
    const stranger = await registeredClient("Stranger");
    const theirs = await newWorkspace(owner.client, "Private");
    for (const id of [theirs.id, owner.user.id, "no-such-workspace"]) {
      const listed = await stranger.client.request("GET", "/api/post", { headers: { [WORKSPACE_HEADER]: id } });
      expect(listed.status).toBe(404);
      expect(listed.body.error).toBe("Workspace not found");
      expect((await stranger.client.post("/api/workspaces/switch", { workspaceId: id })).status).toBe(404);
      expect((await stranger.client.request("PATCH", `/api/workspaces/${id}`, { json: { name: "Mine" } })).status).toBe(
        404,
      );
      expect((await stranger.client.delete(`/api/workspaces/${id}`, { confirmName: "Private" })).status).toBe(404);
    }
  });

  it("roles are checked on the server: a viewer reads, and is refused writing with the permission sentence", async () => {
    const owner = await registeredClient("Owner");
    const viewer = await registeredClient("Viewer");
    const shared = await newWorkspace(owner.client, "Shared");
    await testDb().insert(workspaceMembers).values({ workspaceId: shared.id, userId: viewer.user.id, role: "viewer" });
    const inShared = { [WORKSPACE_HEADER]: shared.id };

    expect((await viewer.client.request("GET", "/api/post", { headers: inShared })).status).toBe(200);
    const created = await viewer.client.request("POST", "/api/social/posts", { json: draft("Hi"), headers: inShared });
    expect(created.status).toBe(403);
    expect(created.body.error).toBe("You don't have permission to create posts in this workspace.");
    const checkout = await viewer.client.request("POST", "/api/subscription/portal", { headers: inShared });
    expect(checkout.status).toBe(403);
    expect(checkout.body.error).toBe("Only the workspace's owner can manage its plan.");
    const renamed = await viewer.client.request("PATCH", `/api/workspaces/${shared.id}`, {
      json: { name: "Viewer's" },
    });
    expect(renamed.status).toBe(403);
    expect((await viewer.client.get("/api/workspaces")).body.data).toEqual(
      expect.arrayContaining([{ id: shared.id, name: "Shared", role: "viewer", timeZone: "UTC" }]),
    );
  });

  it("the owner renames, and deletes only with the workspace's name typed, never their only workspace", async () => {
    const { client, user } = await registeredClient("Owner");
    const extra = await newWorkspace(client, "Short-lived");
    expect((await client.request("PATCH", `/api/workspaces/${extra.id}`, { json: { name: "  " } })).status).toBe(400);
    expect((await client.request("PATCH", `/api/workspaces/${extra.id}`, { json: { name: "Renamed" } })).status).toBe(
      200,
    );
    const wrong = await client.delete(`/api/workspaces/${extra.id}`, { confirmName: "Short-lived" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("Type the workspace's name to delete it.");
    expect((await client.delete(`/api/workspaces/${extra.id}`, { confirmName: "Renamed" })).status).toBe(200);
    expect(((await client.get("/api/workspaces")).body.data as Summary[]).map((w) => w.id)).toEqual([user.id]);

    const last = await client.delete(`/api/workspaces/${user.id}`, { confirmName: "Personal" });
    expect(last.status).toBe(409);
    expect(last.body.error).toBe("This is your only workspace. Create another before deleting this one.");
  });
});
