// POST /api/post/{id}/queue — puts a draft in the next free slot of each of its pages (a post per page)
import { ok, withMember } from "@/lib/server/api/route";
import { addPostToQueue } from "@/lib/queue/server/service";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember<{ id: string }>("publish", async ({ params, user, workspace }) => {
  const data = await addPostToQueue(workspace.id, user.id, params.id);
  return ok({ message: data.message, data });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
