// GET /api/subscription/costs — this month's cost estimate from the usage ledger, with the rates used
import { ok, withUser } from "@/lib/server/api/route";
import { getCosts } from "@/lib/billing/server/usage";
import type { SubscriptionCosts } from "@/lib/billing/schemas";

export const GET = withUser(async ({ user }) => {
  const data: SubscriptionCosts = await getCosts(user.id);
  return ok({ data });
});
