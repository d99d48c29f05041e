import Stripe from "stripe";
import { db } from "@/db";
import { stripeEvents } from "@/db/schema";
import { ApiError, badRequest } from "@/lib/server/api/errors";
import { env } from "@/lib/server/env";
import { stripe } from "./stripe";
import { applyStripeSubscription, customerIdOf, lockRowByCustomer } from "./stripe-sync";

/**
 * POST /api/billing/webhook: Stripe's events, verified by their signature over the raw body. Each
 * event is applied once: its id is kept in the transaction that applies it. What it says is only a
 * hint of which subscription changed: the subscription is read back from Stripe under the user's row
 * lock and that state applied, so duplicates, late and out-of-order events all end in Stripe's state.
 */

export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
] as const;

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

/** The event, when the signature is Stripe's (else 400: nothing is read or written). */
export function verifyStripeEvent(rawBody: string, signature: string | null): Stripe.Event {
  if (!env.STRIPE_WEBHOOK_SECRET)
    throw new ApiError(503, "webhook_not_configured", "The Stripe webhook secret is not configured.");
  if (!signature) throw badRequest("The Stripe-Signature header is missing.", "invalid_signature");
  try {
    return stripe().webhooks.constructEvent(rawBody, signature, env.STRIPE_WEBHOOK_SECRET);
  } catch {
    throw badRequest("The Stripe-Signature does not match the body.", "invalid_signature");
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The customer and subscription an event is about; null for events we do not act on. */
function subjectOf(event: Stripe.Event): { customerId: string; subscriptionId: string } | null {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const customerId = idOf(session.customer);
      const subscriptionId = idOf(session.subscription);
      return customerId && subscriptionId ? { customerId, subscriptionId } : null;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const sub = event.data.object;
      const customerId = idOf(sub.customer);
      return customerId ? { customerId, subscriptionId: sub.id } : null;
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const customerId = idOf(invoice.customer);
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      return customerId && subscriptionId ? { customerId, subscriptionId } : null;
    }
    default:
      return null;
  }
}

export async function handleStripeEvent(event: Stripe.Event): Promise<WebhookOutcome> {
  const subject = subjectOf(event);
  if (!subject) return "ignored";
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (inserted.length === 0) return "duplicate";
    const row = await lockRowByCustomer(tx, subject.customerId);
    // Not one of our customers (another app on the same Stripe account): kept as seen, nothing to do.
    if (!row) return "ignored";
    const sub = await stripe().subscriptions.retrieve(subject.subscriptionId);
    if (customerIdOf(sub.customer) !== subject.customerId) return "ignored";
    await applyStripeSubscription(tx, row, sub);
    return "applied";
  });
}
