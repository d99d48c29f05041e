// POST /api/social/facebook/connect-pages — connects the chosen Facebook Pages of the pending connection
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { connectFacebookPages } from "@/lib/social/server/connect-service";
import { connectPagesSchema } from "@/lib/social/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withUser(async ({ req, user }) => {
  const { userAccessToken, pages } = await parseJson(req, connectPagesSchema);
  const pageIds = pages.map((page) => (typeof page === "string" ? page : page.id));
  const account = await connectFacebookPages(user.id, userAccessToken, pageIds);
  const count = account.pages.length;
  return ok({ message: `Connected ${count} Facebook page${count === 1 ? "" : "s"}`, data: account });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
