// POST /api/subscription/cancel — {atPeriodEnd, reason}: cancel at the period's end or now (Free cannot)
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { cancelSubscription } from "@/lib/billing/server/billing-changes";
import { cancelSubscriptionSchema, type SubscriptionChangeResult } from "@/lib/billing/schemas";

export const POST = withUser(async ({ req, user }) => {
  const input = await parseJson(req, cancelSubscriptionSchema);
  const data: SubscriptionChangeResult = await cancelSubscription(user.id, input);
  return ok({ data, message: data.message });
});
