// DELETE /api/post/{id}/comments/{commentId} — deletes one's own comment
import { COMMENT_MESSAGES } from "@/lib/activity/schemas";
import { deleteComment } from "@/lib/activity/server/comments";
import { ok, withMember } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

// `read`: an author whose role has since become Viewer may still take back what they wrote.
export const DELETE = withMember<{ id: string; commentId: string }>("read", async ({ params, user, workspace }) => {
  await deleteComment(workspace.id, user.id, params.id, params.commentId);
  return ok({ message: COMMENT_MESSAGES.deleted });
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH } = otherMethods({ DELETE });
