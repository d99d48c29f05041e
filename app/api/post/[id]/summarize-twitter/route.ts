// POST /api/post/{id}/summarize-twitter — the post fitted to X: one tweet or a numbered thread, each valid on X
import { summarizeTwitterSchema } from "@/lib/ai/schemas";
import { summarizePostForTwitter } from "@/lib/ai/server/twitter-summary";
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember<{ id: string }>("draft", async ({ req, params, workspace }) => {
  const { mode } = await parseJson(req, summarizeTwitterSchema);
  return ok(await summarizePostForTwitter(workspace.id, params.id, mode));
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
