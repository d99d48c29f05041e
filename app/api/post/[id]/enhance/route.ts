// POST /api/post/{id}/enhance — an AI rewrite of a saved post (enhancePrompt optional); the post is not changed
import { enhancePost } from "@/lib/ai/server/enhance";
import { enhanceRequestSchema } from "@/lib/ai/schemas";
import { ok, parseJson, withUser } from "@/lib/server/api/route";

export const POST = withUser<{ id: string }>(async ({ req, params, user }) =>
  ok(await enhancePost(user.id, params.id, await parseJson(req, enhanceRequestSchema))),
);
