// GET /api/subscription/costs — this month's cost estimate from the usage ledger, with the rates used
import { ok, withMember } from "@/lib/server/api/route";
import { getCosts } from "@/lib/billing/server/usage";
import type { SubscriptionCosts } from "@/lib/billing/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ workspace }) => {
  const data: SubscriptionCosts = await getCosts(workspace.id);
  return ok({ data });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
