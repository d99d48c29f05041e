// GET /api/workspaces/{id}/review-links — the workspace's review links, newest first (approvers)
// POST /api/workspaces/{id}/review-links — { postIds, recipientEmail, recipientName?, expiresInDays? } sends a link to review posts in review (approvers)
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { approvalBodySchema } from "@/lib/approvals/schemas";
import { REVIEW_MESSAGES } from "@/lib/approvals/review-links";
import { createReviewLink, listReviewLinks } from "@/lib/approvals/server/review-links";
import { assertMemberCan } from "@/lib/workspaces/server/workspaces";
import { otherMethods } from "@/lib/server/api/methods";

type Params = { id: string };

export const GET = withUser<Params>(async ({ params, user }) => {
  await assertMemberCan(user.id, params.id, "publish");
  return ok({ data: await listReviewLinks(params.id) });
});

export const POST = withUser<Params>(async ({ req, params, user }) => {
  await assertMemberCan(user.id, params.id, "publish");
  const body = await parseJson(req, approvalBodySchema);
  const { link, url, mailed } = await createReviewLink(params.id, user, body);
  const message = mailed ? REVIEW_MESSAGES.created(link.recipientEmail) : REVIEW_MESSAGES.mailFailed;
  return ok({ data: { ...link, url, mailed }, message }, { status: 201 });
});

export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods({ GET, POST });
