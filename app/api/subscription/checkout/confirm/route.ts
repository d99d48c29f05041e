// POST /api/subscription/checkout/confirm — {sessionId}: on return from Checkout, apply what Stripe says of it
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { confirmCheckout } from "@/lib/billing/server/billing-changes";
import { confirmCheckoutSchema, type SubscriptionSummary } from "@/lib/billing/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember("manageBilling", async ({ req, workspace }) => {
  const input = await parseJson(req, confirmCheckoutSchema);
  const data: SubscriptionSummary = await confirmCheckout(workspace.id, input.sessionId);
  return ok({ data });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
