// POST /api/social/accounts/{id}/posts/draft — a draft for every page of one connected account
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { createAccountDraftSchema } from "@/lib/posts/schemas";
import { createAccountDraft } from "@/lib/posts/server/service";

export const POST = withUser<{ id: string }>(async ({ req, params, user }) => {
  const { content } = await parseJson(req, createAccountDraftSchema);
  return ok({ message: "Draft saved", post: await createAccountDraft(user.id, params.id, content) }, { status: 201 });
});
