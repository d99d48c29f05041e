// POST /api/review/{token}/decision — { postId, version, decision, name, email, comment? } the outside reviewer approves or asks for changes
import { ok, parseJson, withPublic } from "@/lib/server/api/route";
import { approvalBodySchema } from "@/lib/approvals/schemas";
import { decideByLink } from "@/lib/approvals/server/review-view";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withPublic<{ token: string }>(async ({ req, params }) => {
  const body = await parseJson(req, approvalBodySchema);
  const { post, message } = await decideByLink(params.token, body);
  return ok({ data: post, message });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
