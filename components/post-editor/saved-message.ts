import type { PostDto } from "@/lib/posts/schemas";
import { formatLongDateTime } from "@/lib/schedule/time";

/**
 * What saving an existing post says: a draft is updated; a scheduled post's changes are saved and
 * it still goes out at its time (named, with its zone, since an edit never moves it), or
 * the changes sent it back to review.
 */
export function savedMessage(before: PostDto, after: PostDto): string {
  if (before.status !== "scheduled") return "Draft updated";
  if (before.approvalState === "approved" && after.approvalState === "in_review")
    return "Changes saved. The post is back in review: it goes out only once approved again.";
  if (after.status === "scheduled" && after.scheduledAt)
    return `Changes saved. It goes out ${formatLongDateTime(after.scheduledAt)}.`;
  return "Changes saved";
}
