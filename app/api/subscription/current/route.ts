// GET /api/subscription/current — the signed-in user's subscription (Free when they never chose a plan)
import { ok, withMember } from "@/lib/server/api/route";
import { getCurrentSubscription } from "@/lib/billing/server/subscription";
import type { SubscriptionSummary } from "@/lib/billing/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ workspace }) => {
  const data: SubscriptionSummary = await getCurrentSubscription(workspace.id);
  return ok({ data });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
