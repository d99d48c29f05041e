// POST /api/post/{id}/enhance — an AI rewrite of a saved post (enhancePrompt optional); the post is not changed
import { enhancePost } from "@/lib/ai/server/enhance";
import { enhanceRequestSchema } from "@/lib/ai/schemas";
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember<{ id: string }>("draft", async ({ req, params, workspace }) =>
  ok(await enhancePost(workspace.id, params.id, await parseJson(req, enhanceRequestSchema))),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
