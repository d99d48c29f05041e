// GET /api/subscription/dashboard — the Billing page in one answer: subscription, usage with costs, tiers
import { ok, withMember } from "@/lib/server/api/route";
import { getDashboard } from "@/lib/billing/server/usage";
import type { SubscriptionDashboard } from "@/lib/billing/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ workspace, user }) => {
  const data: SubscriptionDashboard = await getDashboard(workspace.id, user.id);
  return ok({ data });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
