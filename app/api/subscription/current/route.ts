// GET /api/subscription/current — the signed-in user's subscription (Free when they never chose a plan)
import { ok, withUser } from "@/lib/server/api/route";
import { getCurrentSubscription } from "@/lib/billing/server/subscription";
import type { SubscriptionSummary } from "@/lib/billing/schemas";

export const GET = withUser(async ({ user }) => {
  const data: SubscriptionSummary = await getCurrentSubscription(user.id);
  return ok({ data });
});
