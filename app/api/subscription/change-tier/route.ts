// POST /api/subscription/change-tier — {tier, immediate}: change now (prorated), at renewal, or start checkout
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { changeTier } from "@/lib/billing/server/billing-changes";
import { changeTierSchema, type ChangeTierResult } from "@/lib/billing/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember("manageBilling", async ({ req, workspace }) => {
  const input = await parseJson(req, changeTierSchema);
  const data: ChangeTierResult = await changeTier(workspace.id, input);
  return ok({ data, ...(data.outcome !== "checkout" && data.message ? { message: data.message } : {}) });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
