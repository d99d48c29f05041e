import { expect } from "vitest";
import type { WorkspaceRole } from "@/db/schema";
import { workspaceMembers } from "@/db/schema";
import { WORKSPACE_HEADER } from "@/lib/workspaces/schemas";
import { registeredClient, type ApiClient } from "../../fixtures/api-client";
import { testDb } from "../../fixtures/test-db";

/** What the activity and comments tests share: people with roles in one workspace, asking in it. */

export type Person = Awaited<ReturnType<typeof registeredClient>>;

/** A new person made a member of `workspaceId` with `role` (a row, as invitations will make it). */
export async function member(workspaceId: string, role: WorkspaceRole, name = `${role} person`): Promise<Person> {
  const person = await registeredClient(name);
  await testDb().insert(workspaceMembers).values({ workspaceId, userId: person.user.id, role });
  return person;
}

/** A request in the workspace (the tab's header), as a member's browser sends it. */
export function inWorkspace(client: ApiClient, workspaceId: string) {
  const headers = { [WORKSPACE_HEADER]: workspaceId };
  return {
    get: (path: string) => client.request("GET", path, { headers }),
    post: (path: string, json?: unknown) => client.request("POST", path, { json, headers }),
    put: (path: string, json?: unknown) => client.request("PUT", path, { json, headers }),
    delete: (path: string, json?: unknown) => client.request("DELETE", path, { json, headers }),
  };
}

export interface EventBody {
  id: string;
  kind: string;
  actorId: string | null;
  actorLabel: string;
  postId: string | null;
  subject: string;
  details: Record<string, unknown>;
  createdAt: string;
}

/** GET /api/activity with the query, expecting 200. */
export async function activity(client: ReturnType<typeof inWorkspace>, query = "") {
  const response = await client.get(`/api/activity${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as { data: EventBody[]; nextCursor: string | null };
}

export const draftBody = (pages: { id: string }[], content: string, title?: string) => ({
  pages: pages.map((page) => ({ type: "post", pageId: page.id, platform: "facebook" })),
  content,
  ...(title ? { title } : {}),
});
