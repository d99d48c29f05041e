// POST /api/subscription/change-tier — {tier, immediate}: change now (prorated), at renewal, or start checkout
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { changeTier } from "@/lib/billing/server/billing-changes";
import { changeTierSchema, type ChangeTierResult } from "@/lib/billing/schemas";

export const POST = withUser(async ({ req, user }) => {
  const input = await parseJson(req, changeTierSchema);
  const data: ChangeTierResult = await changeTier(user.id, input);
  return ok({ data, ...(data.outcome !== "checkout" && data.message ? { message: data.message } : {}) });
});
