// POST /api/post/{id}/publish — publishes now (answering with the outcome when it is quick) or at publishAt
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { publishPostSchema } from "@/lib/posts/schemas";
import { publishPost } from "@/lib/publishing/server/schedule-service";
import { otherMethods } from "@/lib/server/api/methods";

const messages = {
  published: "Post published successfully",
  failed: "Publishing failed on some pages",
  scheduled: "Publishing started",
  draft: "Post saved as draft",
} as const;

export const POST = withMember<{ id: string }>("publish", async ({ req, params, user, workspace }) => {
  const { publishAt } = await parseJson(req, publishPostSchema);
  const post = await publishPost(workspace.id, user.id, params.id, publishAt ? new Date(publishAt) : undefined);
  const message = publishAt && post.status === "scheduled" ? "Post scheduled successfully" : messages[post.status];
  return ok({ message, post });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
