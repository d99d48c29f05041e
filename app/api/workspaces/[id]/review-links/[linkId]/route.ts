// DELETE /api/workspaces/{id}/review-links/{linkId} — withdraws a review link: it stops working at once (approvers)
import { ok, withUser } from "@/lib/server/api/route";
import { REVIEW_MESSAGES } from "@/lib/approvals/review-links";
import { revokeReviewLink } from "@/lib/approvals/server/review-links";
import { assertMemberCan } from "@/lib/workspaces/server/workspaces";
import { otherMethods } from "@/lib/server/api/methods";

export const DELETE = withUser<{ id: string; linkId: string }>(async ({ params, user }) => {
  await assertMemberCan(user.id, params.id, "publish");
  await revokeReviewLink(params.id, user.id, params.linkId);
  return ok({ message: REVIEW_MESSAGES.revokedDone });
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH } = otherMethods({ DELETE });
