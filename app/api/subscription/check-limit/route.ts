// GET /api/subscription/check-limit?operation=createPost|aiRequest|uploadMedia&size=|connectAccount — whether the plan allows it now
import { ok, parseQuery, withMember } from "@/lib/server/api/route";
import { checkLimit } from "@/lib/billing/server/limits";
import { checkLimitQuerySchema, type LimitCheckResult } from "@/lib/billing/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ req, workspace }) => {
  const query = parseQuery(req, checkLimitQuerySchema);
  const result: LimitCheckResult = await checkLimit(workspace.id, query);
  // The spec answers this one at the top level: success, allowed, reason.
  return ok(result);
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
