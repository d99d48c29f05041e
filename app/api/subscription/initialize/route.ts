// POST /api/subscription/initialize — idempotent: the user's subscription, starting Free (or a trial) if there is none
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { initialize } from "@/lib/billing/server/billing-changes";
import { initializeSubscriptionSchema, type SubscriptionSummary } from "@/lib/billing/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember("manageBilling", async ({ req, workspace }) => {
  const input = await parseJson(req, initializeSubscriptionSchema);
  const data: SubscriptionSummary = await initialize(workspace.id, input);
  return ok({ data });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
