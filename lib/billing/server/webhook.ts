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

/** `unmatched`: an invoice event whose subscription we cannot find, logged as an error, never applied. */
export type WebhookOutcome = "applied" | "duplicate" | "ignored" | "unmatched";

/**
 * The API version our endpoint is created with: the one the SDK pins, so an event's objects have
 * the shape the SDK's types describe (an endpoint renders events in its own api_version,
 * docs.stripe.com/webhooks/versioning); the README's "Real Stripe (test mode)" entry says how.
 */
export const WEBHOOK_API_VERSION = Stripe.API_VERSION;

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

type Subject = { customerId: string; subscriptionId: string };

/** The customer and subscription an event is about; null for events we do not act on. */
function subjectOf(event: Stripe.Event): Subject | null | "no_subscription" {
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
      // Since 2025-03-31.basil an invoice names its subscription in parent.subscription_details only.
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      return customerId && subscriptionId ? { customerId, subscriptionId } : "no_subscription";
    }
    default:
      return null;
  }
}

/** Said loudly: an invoice event that changes nothing here may be a payment we failed to record. */
function unmatched(event: Stripe.Event, why: string): WebhookOutcome {
  const invoice = "id" in event.data.object ? String(event.data.object.id) : "?";
  console.error(`[billing] ${event.type} ${event.id} (invoice ${invoice}) not applied: ${why}`);
  return "unmatched";
}

const isInvoiceEvent = (event: Stripe.Event) => event.type.startsWith("invoice.");

export async function handleStripeEvent(event: Stripe.Event): Promise<WebhookOutcome> {
  if (event.api_version !== WEBHOOK_API_VERSION)
    console.error(
      `[billing] Stripe event ${event.id} is in API version ${event.api_version ?? "none"}, not ${WEBHOOK_API_VERSION}: ` +
        "create the webhook endpoint with the SDK's version (see the README, Real Stripe). Only its ids are read.",
    );
  const subject = subjectOf(event);
  if (subject === "no_subscription") return unmatched(event, "it names no subscription");
  if (!subject) return "ignored";
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (inserted.length === 0) return "duplicate";
    const row = await lockRowByCustomer(tx, subject.customerId);
    if (!row) {
      if (isInvoiceEvent(event)) return unmatched(event, `no user has the Stripe customer ${subject.customerId}`);
      // Not one of our customers (another app on the same Stripe account): kept as seen, nothing to do.
      return "ignored";
    }
    const sub = await stripe()
      .subscriptions.retrieve(subject.subscriptionId)
      .catch((error: unknown) => {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      });
    if (!sub) return unmatched(event, `Stripe has no subscription ${subject.subscriptionId}`);
    if (customerIdOf(sub.customer) !== subject.customerId) {
      if (isInvoiceEvent(event))
        return unmatched(event, `the subscription ${sub.id} belongs to another customer than the invoice`);
      return "ignored";
    }
    await applyStripeSubscription(tx, row, sub);
    return "applied";
  });
}
