// POST /api/social/linkedin/connect-profile — the spec's LinkedIn name for connecting the pending profile
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { connectProfile } from "@/lib/social/server/connect-service";
import { connectProfileSchema } from "@/lib/social/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withUser(async ({ req, user }) => {
  const body = await parseJson(req, connectProfileSchema);
  const account = await connectProfile(user.id, "linkedin", (body.userAccessToken ?? body.accessToken)!);
  return ok({ message: "Successfully connected your LinkedIn account!", data: account });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
