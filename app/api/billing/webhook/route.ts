// POST /api/billing/webhook — Stripe's events: signature checked over the raw body, each applied once
import { ok, readLimitedText, withPublic } from "@/lib/server/api/route";
import { handleStripeEvent, verifyStripeEvent } from "@/lib/billing/server/webhook";
import { otherMethods } from "@/lib/server/api/methods";

/** Stripe's events are a few KB; anything far larger is not one. */
const MAX_EVENT_BYTES = 512 * 1024;

export const POST = withPublic(async ({ req }) => {
  const raw = await readLimitedText(req, MAX_EVENT_BYTES);
  const event = verifyStripeEvent(raw, req.headers.get("stripe-signature"));
  const outcome = await handleStripeEvent(event);
  return ok({ received: true, outcome });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
