// POST /api/post/{id}/submit — { scheduledAt? } puts the post on the schedule, waiting for approval (anyone who writes drafts)
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { APPROVAL_MESSAGES, approvalBodySchema } from "@/lib/approvals/schemas";
import { submitForApproval } from "@/lib/approvals/server/service";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember<{ id: string }>("draft", async ({ req, params, user, workspace }) => {
  // Checked by the service once the post is known to be the workspace's: another's answers 404 whatever the body.
  const input = await parseJson(req, approvalBodySchema);
  const post = await submitForApproval(workspace.id, user, params.id, input);
  return ok({ message: APPROVAL_MESSAGES.submitted, post });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
