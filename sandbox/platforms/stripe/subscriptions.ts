import type { RequestContext, Router } from "../../router";
import {
  allowOnly,
  billingModeParam,
  bool,
  expandList,
  int,
  invalid,
  list,
  listAnswer,
  metadata,
  missing,
  noSuch,
  obj,
  requiredStr,
  str,
  StripeError,
  stripeRoute,
  type StripeParams,
} from "./api";
import { billProrations, changeItem, previewInvoice, startSubscription, type ProrationBehavior } from "./billing";
import { findCustomer, findPrice } from "./catalog";
import { stripeNow, stripeState, type MissingPaymentMethod, type StripeState, type StripeSubscription } from "./state";
import { emit, type EventInput } from "./webhooks";

/** Subscriptions (retrieve, list, update with proration, cancel) and their invoices. */

/** What an update asks of the subscription's end: a date, the period's end, or nothing (undone). */
type CancellationChange = { cancelAt: number | null; atPeriodEnd: boolean };

/**
 * Reads `cancel_at` (a future Unix time, `min_period_end` / `max_period_end`, or "" to remove it)
 * and `cancel_at_period_end`. The two are refused together: the cancel_at helpers are documented as
 * not compatible with cancel_at_period_end (docs.stripe.com/changelog/basil/2025-07-30/cancel-at-enums),
 * and the sandbox refuses any mix (stricter). The helpers are for flexible billing mode only.
 */
function cancellationChange(sub: StripeSubscription, params: StripeParams, now: number): CancellationChange | null {
  const atPeriodEnd = bool(params, "cancel_at_period_end");
  const cancelAt = str(params, "cancel_at");
  if (atPeriodEnd !== undefined && cancelAt !== undefined)
    throw invalid("cancel_at", "You may only specify one of these parameters: cancel_at, cancel_at_period_end.");
  const periodEnds = sub.items.data.map((item) => item.current_period_end);
  if (atPeriodEnd !== undefined)
    return { atPeriodEnd, cancelAt: atPeriodEnd ? (periodEnds.length ? Math.min(...periodEnds) : null) : null };
  if (cancelAt === undefined) return null;
  if (cancelAt === "") return { atPeriodEnd: false, cancelAt: null };
  if (cancelAt === "min_period_end" || cancelAt === "max_period_end") {
    if (sub.billing_mode.type !== "flexible")
      throw invalid(
        "cancel_at",
        `cancel_at=${cancelAt} is only available for subscriptions with billing_mode[type]=flexible.`,
      );
    const at = cancelAt === "min_period_end" ? Math.min(...periodEnds) : Math.max(...periodEnds);
    return { atPeriodEnd: false, cancelAt: at };
  }
  const at = int(params, "cancel_at");
  if (at === undefined || at <= now) throw invalid("cancel_at", "cancel_at must be a Unix timestamp in the future.");
  return { atPeriodEnd: false, cancelAt: at };
}

/**
 * Applies a scheduled cancellation (or its removal) and answers the previous values, for the
 * event's previous_attributes. Scheduling sets canceled_at to the request's time and the reason
 * cancellation_requested; undoing clears all three (the subscription object's documented fields).
 */
export function scheduleCancellation(
  sub: StripeSubscription,
  change: CancellationChange,
  now: number,
): Record<string, unknown> {
  const previous = {
    cancel_at_period_end: sub.cancel_at_period_end,
    cancel_at: sub.cancel_at,
    canceled_at: sub.canceled_at,
    cancellation_details: structuredClone(sub.cancellation_details),
  };
  const scheduled = change.cancelAt !== null;
  sub.cancel_at_period_end = change.atPeriodEnd;
  sub.cancel_at = change.cancelAt;
  sub.canceled_at = scheduled ? now : null;
  sub.cancellation_details = {
    comment: null,
    feedback: null,
    feedback_option: null,
    reason: scheduled ? "cancellation_requested" : null,
  };
  return previous;
}

const PRORATION: ProrationBehavior[] = ["create_prorations", "always_invoice", "none"];

function findSubscription(state: StripeState, id: string): StripeSubscription {
  const sub = state.subscriptions.get(id);
  if (!sub) throw noSuch("subscription", id);
  return sub;
}

/** `expand[]=latest_invoice` / `customer`: the id replaced by the object. */
function expanded(state: StripeState, sub: StripeSubscription, params: StripeParams): unknown {
  const expand = expandList(params);
  const answer: Record<string, unknown> = { ...sub };
  if (expand.includes("latest_invoice") && sub.latest_invoice)
    answer.latest_invoice = state.invoices.get(sub.latest_invoice);
  if (expand.includes("customer")) answer.customer = state.customers.get(sub.customer);
  return answer;
}

function update(state: StripeState, ctx: Parameters<Parameters<typeof stripeRoute>[0]>[0], params: StripeParams) {
  allowOnly(params, [
    "items",
    "proration_behavior",
    "proration_date",
    "cancel_at_period_end",
    "cancel_at",
    "metadata",
    "payment_behavior",
  ]);
  const store = ctx.store;
  const sub = findSubscription(state, ctx.params.id ?? "");
  if (sub.status === "canceled")
    throw new StripeError(
      400,
      "invalid_request_error",
      "A canceled subscription can only update its cancellation_details and metadata.",
      undefined,
      undefined,
    );
  const behavior = (str(params, "proration_behavior") ?? "create_prorations") as ProrationBehavior;
  if (!PRORATION.includes(behavior))
    throw invalid("proration_behavior", `Invalid proration_behavior: must be one of ${PRORATION.join(", ")}`);
  const paymentBehavior = str(params, "payment_behavior") ?? "allow_incomplete";
  if (!["allow_incomplete", "error_if_incomplete"].includes(paymentBehavior))
    throw invalid(
      "payment_behavior",
      "Invalid payment_behavior: the sandbox plays allow_incomplete and error_if_incomplete.",
    );
  const now = stripeNow(store);
  const item0 = sub.items.data[0];
  const prorationDate = int(params, "proration_date") ?? now;
  if (item0 && (prorationDate < item0.current_period_start || prorationDate > item0.current_period_end))
    throw invalid("proration_date", "proration_date must be within the current period of the subscription.");
  const previous: Record<string, unknown> = {};
  const cancellation = cancellationChange(sub, params, now);
  const items = list(params, "items");
  // Validate every item before changing anything: a refused update writes nothing.
  const changes = items.map((entry, index) => {
    allowOnly(entry, ["id", "price", "quantity", "deleted"]);
    const id = str(entry, "id");
    const item = id ? sub.items.data.find((candidate) => candidate.id === id) : undefined;
    if (id && !item) throw noSuch("subscription_item", id, `items[${index}][id]`);
    if (!item) throw invalid(`items[${index}][id]`, "The sandbox changes existing items only: give items[][id].");
    const priceId = str(entry, "price");
    const price = priceId ? findPrice(state, priceId, `items[${index}][price]`) : item.price;
    if (!price.recurring)
      throw invalid(
        `items[${index}][price]`,
        "The price specified is not recurring; a subscription needs a recurring price.",
      );
    if (price.currency !== sub.currency)
      throw invalid(
        `items[${index}][price]`,
        `The price's currency (${price.currency}) does not match the subscription's (${sub.currency}).`,
      );
    const current = item.price.recurring;
    if (
      current &&
      (current.interval !== price.recurring.interval || current.interval_count !== price.recurring.interval_count)
    )
      throw invalid(`items[${index}][price]`, "The sandbox does not change a subscription's billing interval.");
    const quantity = int(entry, "quantity") ?? item.quantity;
    if (quantity < 1) throw invalid(`items[${index}][quantity]`, "Invalid integer: quantity must be at least 1.");
    return { item, price, quantity };
  });
  const events: EventInput[] = [];
  const statusBefore = sub.status;
  if (changes.length > 0) {
    previous.items = structuredClone(sub.items);
    const before = structuredClone(sub.items.data);
    const lines = changes.flatMap((change) =>
      changeItem(store, sub, change.item, change.price, change.quantity, prorationDate, behavior),
    );
    try {
      events.push(...billProrations(store, sub, lines, behavior, paymentBehavior === "error_if_incomplete"));
    } catch (error) {
      sub.items.data = before;
      throw error;
    }
    if (sub.status !== statusBefore) previous.status = statusBefore;
  }
  if (cancellation) Object.assign(previous, scheduleCancellation(sub, cancellation, now));
  if (params.metadata !== undefined) {
    previous.metadata = sub.metadata;
    sub.metadata = metadata(params, sub.metadata);
  }
  emit(store, [{ type: "customer.subscription.updated", object: sub, previous }, ...events]);
  return sub;
}

const MISSING_PAYMENT_METHOD: MissingPaymentMethod[] = ["cancel", "pause", "create_invoice"];

/** POST /v1/subscriptions: on an existing customer; a trial needs no card, otherwise the card pays now. */
function create(ctx: RequestContext, params: StripeParams) {
  allowOnly(params, [
    "customer",
    "items",
    "trial_period_days",
    "trial_settings",
    "metadata",
    "payment_behavior",
    "billing_mode",
  ]);
  const state = ctx.store.slice(stripeState);
  const customer = findCustomer(state, requiredStr(params, "customer"), "customer");
  const entries = list(params, "items");
  if (entries.length === 0) throw missing("items");
  const items = entries.map((entry, index) => {
    allowOnly(entry, ["price", "quantity"]);
    const price = findPrice(state, requiredStr(entry, "price"), `items[${index}][price]`);
    if (!price.recurring) throw invalid(`items[${index}][price]`, "The price specified is not recurring.");
    const quantity = int(entry, "quantity") ?? 1;
    if (quantity < 1) throw invalid(`items[${index}][quantity]`, "Invalid integer: quantity must be at least 1.");
    return { price, quantity };
  });
  const currency = items[0]?.price.currency ?? "usd";
  if (items.some((entry) => entry.price.currency !== currency))
    throw invalid("items", "All prices on a subscription must use the same currency.");
  const trialDays = int(params, "trial_period_days") ?? null;
  if (trialDays !== null && (trialDays < 1 || trialDays > 730))
    throw invalid("trial_period_days", "trial_period_days must be between 1 and 730.");
  const endBehavior = obj(obj(params, "trial_settings") ?? {}, "end_behavior") ?? {};
  const missingCard = (str(endBehavior, "missing_payment_method") ?? "create_invoice") as MissingPaymentMethod;
  if (!MISSING_PAYMENT_METHOD.includes(missingCard))
    throw invalid(
      "trial_settings[end_behavior][missing_payment_method]",
      "Invalid trial_settings[end_behavior][missing_payment_method]: must be one of cancel, pause, or create_invoice",
    );
  const paymentBehavior = str(params, "payment_behavior") ?? "allow_incomplete";
  if (!["allow_incomplete", "error_if_incomplete"].includes(paymentBehavior))
    throw invalid(
      "payment_behavior",
      "Invalid payment_behavior: the sandbox plays allow_incomplete and error_if_incomplete.",
    );
  const { sub, events } = startSubscription(ctx.store, {
    customer: customer.id,
    currency,
    items,
    metadata: metadata(params),
    paymentMethod: state.cards.get(customer.id)?.paymentMethod ?? null,
    trialDays,
    missingPaymentMethod: missingCard,
    failIfUnpaid: paymentBehavior === "error_if_incomplete",
    billingMode: billingModeParam(params),
  });
  emit(ctx.store, events);
  return sub;
}

/** POST /v1/invoices/create_preview: what a change to a subscription would invoice (the sandbox previews subscriptions only). */
function preview(ctx: RequestContext, params: StripeParams) {
  allowOnly(params, ["customer", "subscription", "subscription_details"]);
  const state = ctx.store.slice(stripeState);
  const sub = findSubscription(state, requiredStr(params, "subscription"));
  const customer = str(params, "customer");
  if (customer && customer !== sub.customer)
    throw invalid("customer", `The subscription ${sub.id} does not belong to the customer ${customer}.`);
  const details = obj(params, "subscription_details") ?? {};
  allowOnly(details, ["items", "proration_behavior", "proration_date"]);
  const behavior = (str(details, "proration_behavior") ?? "create_prorations") as ProrationBehavior;
  if (!PRORATION.includes(behavior))
    throw invalid(
      "subscription_details[proration_behavior]",
      `Invalid proration_behavior: must be one of ${PRORATION.join(", ")}`,
    );
  const item0 = sub.items.data[0];
  const at = int(details, "proration_date") ?? stripeNow(ctx.store);
  if (item0 && (at < item0.current_period_start || at > item0.current_period_end))
    throw invalid(
      "subscription_details[proration_date]",
      "proration_date must be within the current period of the subscription.",
    );
  const changes = list(details, "items").map((entry, index) => {
    allowOnly(entry, ["id", "price", "quantity"]);
    const param = `subscription_details[items][${index}]`;
    const id = requiredStr(entry, "id");
    const item = sub.items.data.find((candidate) => candidate.id === id);
    if (!item) throw noSuch("subscription_item", id, `${param}[id]`);
    const priceId = str(entry, "price");
    const price = priceId ? findPrice(state, priceId, `${param}[price]`) : item.price;
    if (price.currency !== sub.currency)
      throw invalid(
        `${param}[price]`,
        `The price's currency (${price.currency}) does not match the subscription's (${sub.currency}).`,
      );
    const quantity = int(entry, "quantity") ?? item.quantity;
    if (quantity < 1) throw invalid(`${param}[quantity]`, "Invalid integer: quantity must be at least 1.");
    return { itemId: id, price, quantity };
  });
  return previewInvoice(ctx.store, sub, changes, behavior, at);
}

export function registerStripeSubscriptions(router: Router): void {
  router
    .post(
      "/v1/invoices/create_preview",
      stripeRoute((ctx, params) => preview(ctx, params)),
    )
    .post(
      "/v1/subscriptions",
      stripeRoute((ctx, params) => create(ctx, params)),
    )
    .get(
      "/v1/subscriptions/:id",
      stripeRoute((ctx, params) => {
        const state = ctx.store.slice(stripeState);
        return expanded(state, findSubscription(state, ctx.params.id ?? ""), params);
      }),
    )
    .get(
      "/v1/subscriptions",
      stripeRoute((ctx, params) => {
        allowOnly(params, ["customer", "price", "status", "limit", "starting_after"]);
        const state = ctx.store.slice(stripeState);
        const customer = str(params, "customer");
        const status = str(params, "status");
        const price = str(params, "price");
        // Without a status Stripe lists every subscription that is not canceled.
        const subs = [...state.subscriptions.values()].filter(
          (sub) =>
            (customer === undefined || sub.customer === customer) &&
            (price === undefined || sub.items.data.some((item) => item.price.id === price)) &&
            (status === "all" || (status === undefined ? sub.status !== "canceled" : sub.status === status)),
        );
        return listAnswer(subs, "/v1/subscriptions", params);
      }),
    )
    .post(
      "/v1/subscriptions/:id",
      stripeRoute((ctx, params) => update(ctx.store.slice(stripeState), ctx, params)),
    )
    .delete(
      "/v1/subscriptions/:id",
      stripeRoute((ctx, params) => {
        allowOnly(params, ["cancellation_details", "invoice_now", "prorate"]);
        if (bool(params, "prorate") === true || bool(params, "invoice_now") === true)
          throw invalid(
            "prorate",
            "The sandbox cancels without a final invoice or refund: prorate and invoice_now must be false.",
          );
        const details = obj(params, "cancellation_details");
        if (details) allowOnly(details, ["comment", "feedback"]);
        const state = ctx.store.slice(stripeState);
        const sub = findSubscription(state, ctx.params.id ?? "");
        if (sub.status === "canceled")
          throw new StripeError(
            400,
            "invalid_request_error",
            `No such subscription: '${sub.id}'; it is already canceled.`,
            "resource_missing",
            "id",
          );
        const now = stripeNow(ctx.store);
        sub.status = "canceled";
        sub.canceled_at = now;
        sub.ended_at = now;
        state.pendingLines.delete(sub.id);
        emit(ctx.store, [{ type: "customer.subscription.deleted", object: sub }]);
        return sub;
      }),
    )
    .get(
      "/v1/invoices/:id",
      stripeRoute((ctx) => {
        const found = ctx.store.slice(stripeState).invoices.get(ctx.params.id ?? "");
        if (!found) throw noSuch("invoice", ctx.params.id ?? "");
        return found;
      }),
    )
    .get(
      "/v1/invoices",
      stripeRoute((ctx, params) => {
        allowOnly(params, ["customer", "subscription", "status", "limit", "starting_after"]);
        const customer = str(params, "customer");
        const subscription = str(params, "subscription");
        const status = str(params, "status");
        const invoices = [...ctx.store.slice(stripeState).invoices.values()].filter(
          (entry) =>
            (customer === undefined || entry.customer === customer) &&
            (subscription === undefined || entry.parent.subscription_details.subscription === subscription) &&
            (status === undefined || entry.status === status),
        );
        return listAnswer(invoices, "/v1/invoices", params);
      }),
    )
    .get(
      "/v1/events/:id",
      stripeRoute((ctx) => {
        const event = ctx.store.slice(stripeState).events.find((entry) => entry.id === ctx.params.id);
        if (!event) throw noSuch("event", ctx.params.id ?? "");
        return event;
      }),
    );
}
