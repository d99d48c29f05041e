// POST /api/post/{id}/summarize-twitter — the post fitted to X: one tweet or a numbered thread, each valid on X
import { summarizeTwitterSchema } from "@/lib/ai/schemas";
import { summarizePostForTwitter } from "@/lib/ai/server/twitter-summary";
import { ok, parseJson, withUser } from "@/lib/server/api/route";

export const POST = withUser<{ id: string }>(async ({ req, params, user }) => {
  const { mode } = await parseJson(req, summarizeTwitterSchema);
  return ok(await summarizePostForTwitter(user.id, params.id, mode));
});
