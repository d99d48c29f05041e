// POST /api/post/{id}/request-changes — { comment } asks the author for changes (approvers)
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { APPROVAL_MESSAGES, approvalBodySchema } from "@/lib/approvals/schemas";
import { requestChanges } from "@/lib/approvals/server/service";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember<{ id: string }>("publish", async ({ req, params, user, workspace }) => {
  // Checked by the service once the post is known to be the workspace's: another's answers 404 whatever the body.
  const input = await parseJson(req, approvalBodySchema);
  const post = await requestChanges(workspace.id, user, params.id, input);
  return ok({ message: APPROVAL_MESSAGES.changesRequested, post });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
