// POST /api/subscription/reactivate — undo a cancellation scheduled for the period's end
import { ok, withUser } from "@/lib/server/api/route";
import { reactivateSubscription } from "@/lib/billing/server/billing-changes";
import type { SubscriptionChangeResult } from "@/lib/billing/schemas";

export const POST = withUser(async ({ user }) => {
  const data: SubscriptionChangeResult = await reactivateSubscription(user.id);
  return ok({ data, message: data.message });
});
