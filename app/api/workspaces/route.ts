// GET /api/workspaces — the person's workspaces with their role in each
// POST /api/workspaces — { name } a new workspace owned by the person, on the Free plan
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { createWorkspaceSchema } from "@/lib/workspaces/schemas";
import { createWorkspace, listWorkspaces } from "@/lib/workspaces/server/workspaces";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withUser(async ({ user }) => ok({ data: await listWorkspaces(user.id) }));

export const POST = withUser(async ({ req, user }) => {
  const { name } = await parseJson(req, createWorkspaceSchema);
  return ok({ data: await createWorkspace(user.id, { name }) }, { status: 201 });
});

export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods({ GET, POST });
