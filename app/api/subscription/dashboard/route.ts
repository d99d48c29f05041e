// GET /api/subscription/dashboard — the Billing page in one answer: subscription, usage with costs, tiers
import { ok, withUser } from "@/lib/server/api/route";
import { getDashboard } from "@/lib/billing/server/usage";
import type { SubscriptionDashboard } from "@/lib/billing/schemas";

export const GET = withUser(async ({ user }) => {
  const data: SubscriptionDashboard = await getDashboard(user.id);
  return ok({ data });
});
