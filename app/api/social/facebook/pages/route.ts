// POST /api/social/facebook/pages — the Facebook Pages the pending connection can publish to
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { listFacebookPageCandidates } from "@/lib/social/server/connect-service";
import { facebookPagesSchema } from "@/lib/social/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withUser(async ({ req, user }) => {
  const { userAccessToken } = await parseJson(req, facebookPagesSchema);
  return ok({ data: await listFacebookPageCandidates(user.id, userAccessToken) });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
