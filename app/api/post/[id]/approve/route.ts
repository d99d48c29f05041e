// POST /api/post/{id}/approve — { comment? } approves the post in review, exactly as it is now (approvers)
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { APPROVAL_MESSAGES, approvalBodySchema } from "@/lib/approvals/schemas";
import { approvePost } from "@/lib/approvals/server/service";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember<{ id: string }>("publish", async ({ req, params, user, workspace }) => {
  // Checked by the service once the post is known to be the workspace's: another's answers 404 whatever the body.
  const input = await parseJson(req, approvalBodySchema);
  const post = await approvePost(workspace.id, user, params.id, input);
  return ok({ message: APPROVAL_MESSAGES.approved, post });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
