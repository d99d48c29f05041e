// POST /api/media/validate-platform — can this file go to Facebook, X or LinkedIn? {filename, platform}
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { validatePlatformSchema } from "@/lib/media/schemas";
import { validateForPlatform } from "@/lib/media/server/service";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember("draft", async ({ req, workspace }) => {
  const { filename, platform } = await parseJson(req, validatePlatformSchema);
  return ok({ data: await validateForPlatform(workspace.id, filename, platform) });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
