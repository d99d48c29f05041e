// POST /api/social/linkedin/user-info — the callback exchange for clients that post the code ({ code, state })
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { completeCallback } from "@/lib/social/server/connect-service";
import { callbackQuerySchema } from "@/lib/social/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withUser(async ({ req, user }) => {
  const body = await parseJson(req, callbackQuerySchema);
  return ok({ data: await completeCallback(user.id, "linkedin", body) });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
