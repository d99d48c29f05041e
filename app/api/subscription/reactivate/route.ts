// POST /api/subscription/reactivate — undo a cancellation scheduled for the period's end
import { ok, withMember } from "@/lib/server/api/route";
import { reactivateSubscription } from "@/lib/billing/server/billing-changes";
import type { SubscriptionChangeResult } from "@/lib/billing/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember("manageBilling", async ({ workspace }) => {
  const data: SubscriptionChangeResult = await reactivateSubscription(workspace.id);
  return ok({ data, message: data.message });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
