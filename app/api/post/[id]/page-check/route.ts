// POST /api/post/{id}/page-check — the owner's answer for a page that needs their check: 'It went out' or 'Publish again'
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { PAGE_CHECK_MESSAGES, pageCheckBodySchema } from "@/lib/posts/schemas";
import { resolvePageCheck } from "@/lib/publishing/server/schedule-service";

export const POST = withUser<{ id: string }>(async ({ req, params, user }) => {
  // Validated by the service once the post is known to be this user's: another's answers 404 whatever the body.
  const body = await parseJson(req, pageCheckBodySchema);
  const { post, action } = await resolvePageCheck(user.id, params.id, body);
  const message = action === "went_out" ? PAGE_CHECK_MESSAGES.wentOut : PAGE_CHECK_MESSAGES.publishAgain;
  return ok({ message, post });
});
