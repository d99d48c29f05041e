// GET /api/subscription/usage — this month's usage against the plan's limits, with the detailed figures and costs
import { ok, withUser } from "@/lib/server/api/route";
import { getUsage } from "@/lib/billing/server/usage";
import type { SubscriptionUsage } from "@/lib/billing/schemas";

export const GET = withUser(async ({ user }) => {
  const data: SubscriptionUsage = await getUsage(user.id);
  return ok({ data });
});
