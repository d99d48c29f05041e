// GET /api/social/auth/{platform}/callback — exchanges the code (state checked, single use) and holds the tokens server-side
import { ok, parseQuery, withUser } from "@/lib/server/api/route";
import { completeCallback } from "@/lib/social/server/connect-service";
import { callbackQuerySchema, connectablePlatformSchema } from "@/lib/social/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withUser<{ platform: string }>(async ({ req, params, user }) => {
  const platform = connectablePlatformSchema.parse(params.platform);
  const query = parseQuery(req, callbackQuerySchema);
  return ok({ data: await completeCallback(user.id, platform, query) });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
