// POST /api/social/connect/{platform} — connects the X or LinkedIn profile of the pending connection
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { connectProfile } from "@/lib/social/server/connect-service";
import { connectablePlatformSchema, connectProfileSchema, platformLabels } from "@/lib/social/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withUser<{ platform: string }>(async ({ req, params, user }) => {
  const platform = connectablePlatformSchema.parse(params.platform);
  const body = await parseJson(req, connectProfileSchema);
  const account = await connectProfile(user.id, platform, (body.userAccessToken ?? body.accessToken)!);
  return ok({ message: `Successfully connected your ${platformLabels[platform]} account!`, data: account });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
