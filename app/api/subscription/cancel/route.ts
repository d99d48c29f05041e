// POST /api/subscription/cancel — {atPeriodEnd, reason}: cancel at the period's end or now (Free cannot)
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { cancelSubscription } from "@/lib/billing/server/billing-changes";
import { cancelSubscriptionSchema, type SubscriptionChangeResult } from "@/lib/billing/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember("manageBilling", async ({ req, workspace }) => {
  const input = await parseJson(req, cancelSubscriptionSchema);
  const data: SubscriptionChangeResult = await cancelSubscription(workspace.id, input);
  return ok({ data, message: data.message });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
