// GET /api/subscription/usage — this month's usage against the plan's limits, with the detailed figures and costs
import { ok, withMember } from "@/lib/server/api/route";
import { getUsage } from "@/lib/billing/server/usage";
import type { SubscriptionUsage } from "@/lib/billing/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ workspace, user }) => {
  const data: SubscriptionUsage = await getUsage(workspace.id, user.id);
  return ok({ data });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
