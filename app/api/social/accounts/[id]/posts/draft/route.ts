// POST /api/social/accounts/{id}/posts/draft — a draft for every page of one connected account
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { createAccountDraftSchema } from "@/lib/posts/schemas";
import { createAccountDraft } from "@/lib/posts/server/service";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember<{ id: string }>("draft", async ({ req, params, workspace, user }) => {
  const { content } = await parseJson(req, createAccountDraftSchema);
  return ok(
    { message: "Draft saved", post: await createAccountDraft(workspace.id, user.id, params.id, content) },
    { status: 201 },
  );
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
