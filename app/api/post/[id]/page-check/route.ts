// POST /api/post/{id}/page-check — the owner's answer for a page that needs their check: 'It went out' or 'Publish again'
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { PAGE_CHECK_MESSAGES, pageCheckBodySchema } from "@/lib/posts/schemas";
import { resolvePageCheck } from "@/lib/publishing/server/schedule-service";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember<{ id: string }>("publish", async ({ req, params, workspace }) => {
  // Validated by the service once the post is known to be this user's: another's answers 404 whatever the body.
  const body = await parseJson(req, pageCheckBodySchema);
  const { post, action } = await resolvePageCheck(workspace.id, params.id, body);
  const message = action === "went_out" ? PAGE_CHECK_MESSAGES.wentOut : PAGE_CHECK_MESSAGES.publishAgain;
  return ok({ message, post });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
