// POST /api/subscription/initialize — idempotent: the user's subscription, starting Free (or a trial) if there is none
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { initialize } from "@/lib/billing/server/billing-changes";
import { initializeSubscriptionSchema, type SubscriptionSummary } from "@/lib/billing/schemas";

export const POST = withUser(async ({ req, user }) => {
  const input = await parseJson(req, initializeSubscriptionSchema);
  const data: SubscriptionSummary = await initialize(user.id, input);
  return ok({ data });
});
