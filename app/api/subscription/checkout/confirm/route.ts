// POST /api/subscription/checkout/confirm — {sessionId}: on return from Checkout, apply what Stripe says of it
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { confirmCheckout } from "@/lib/billing/server/billing-changes";
import { confirmCheckoutSchema, type SubscriptionSummary } from "@/lib/billing/schemas";

export const POST = withUser(async ({ req, user }) => {
  const input = await parseJson(req, confirmCheckoutSchema);
  const data: SubscriptionSummary = await confirmCheckout(user.id, input.sessionId);
  return ok({ data });
});
