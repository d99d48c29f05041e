// GET /api/subscription/check-limit?operation=createPost|aiRequest|uploadMedia&size=|connectAccount — whether the plan allows it now
import { ok, parseQuery, withUser } from "@/lib/server/api/route";
import { checkLimit } from "@/lib/billing/server/limits";
import { checkLimitQuerySchema, type LimitCheckResult } from "@/lib/billing/schemas";

export const GET = withUser(async ({ req, user }) => {
  const query = parseQuery(req, checkLimitQuerySchema);
  const result: LimitCheckResult = await checkLimit(user.id, query);
  // The spec answers this one at the top level: success, allowed, reason.
  return ok(result);
});
