// POST /api/media/validate-platform — can this file go to Facebook, X or LinkedIn? {filename, platform}
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { validatePlatformSchema } from "@/lib/media/schemas";
import { validateForPlatform } from "@/lib/media/server/service";

export const POST = withUser(async ({ req, user }) => {
  const { filename, platform } = await parseJson(req, validatePlatformSchema);
  return ok({ data: await validateForPlatform(user.id, filename, platform) });
});
