import type { SandboxStore } from "../../state";
import { StripeError } from "./api";
import {
  stripeId,
  stripeNow,
  stripeState,
  type StripeInvoice,
  type MissingPaymentMethod,
  type StripeInvoiceLine,
  type StripePrice,
  type StripeSubscription,
  type StripeSubscriptionItem,
} from "./state";
import {
  newInvoice,
  newInvoiceLine,
  newSubscription,
  newSubscriptionItem,
  setItemPrice,
  type BillingModeType,
} from "./objects";
import { emit, type EventInput } from "./webhooks";

/**
 * Subscriptions' money: periods, invoices, charging the customer's card, proration and renewal.
 * Proration follows Stripe: for a change at time t in a period [start, end), the unused time on the
 * old price is credited and the remaining time on the new one charged, each
 * round(amount × (end − t) / (end − start)), to the second.
 */

/** The period after `from`: months keep the anchor's day of month, clamped to short months (31 Jan → 28 Feb). */
export function periodEnd(anchor: number, from: number, recurring: NonNullable<StripePrice["recurring"]>): number {
  const { interval, interval_count: count } = recurring;
  if (interval === "day") return from + count * 86_400;
  if (interval === "week") return from + count * 7 * 86_400;
  const start = new Date(from * 1000);
  const anchorDay = new Date(anchor * 1000).getUTCDate();
  const months = interval === "month" ? count : 12 * count;
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(anchorDay, lastDay));
  target.setUTCHours(start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds());
  return Math.floor(target.getTime() / 1000);
}

function line(
  sub: StripeSubscription,
  item: StripeSubscriptionItem,
  price: StripePrice,
  quantity: number,
  amount: number,
  period: { start: number; end: number },
  description: string,
  proration: boolean,
): StripeInvoiceLine {
  return newInvoiceLine({
    id: stripeId("il"),
    amount,
    currency: price.currency,
    description,
    period,
    quantity,
    pricing: {
      type: "price_details",
      price_details: { price: price.id, product: price.product },
      unit_amount_decimal: price.unit_amount_decimal,
    },
    parent: {
      type: "subscription_item_details",
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration,
        proration_details: null,
        subscription: sub.id,
        subscription_item: item.id,
      },
    },
  });
}

function productName(store: SandboxStore, price: StripePrice): string {
  return store.slice(stripeState).products.get(price.product)?.name ?? price.product;
}

/** A Unix time as Stripe's pages write a day ("1 Jan 2027", UTC). */
export function utcDay(ts: number): string {
  return new Date(ts * 1000).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** A new invoice for `lines`, finalized, with the customer's credit balance applied first. */
function invoice(
  store: SandboxStore,
  sub: StripeSubscription,
  reason: StripeInvoice["billing_reason"],
  lines: StripeInvoiceLine[],
  period: { start: number; end: number },
): StripeInvoice {
  const state = store.slice(stripeState);
  const customer = state.customers.get(sub.customer);
  const total = lines.reduce((sum, entry) => sum + entry.amount, 0);
  const startingBalance = customer?.balance ?? 0;
  // A negative total becomes credit; credit pays what it can of a positive one.
  const due = Math.max(0, total + startingBalance);
  const endingBalance = Math.min(0, total + startingBalance);
  if (customer) customer.balance = endingBalance;
  const now = stripeNow(store);
  const created = newInvoice({
    id: stripeId("in"),
    status: "open",
    billing_reason: reason,
    customer: sub.customer,
    currency: sub.currency,
    created: now,
    period_start: period.start,
    period_end: period.end,
    subtotal: total,
    total,
    starting_balance: startingBalance,
    ending_balance: endingBalance,
    amount_due: due,
    amount_paid: 0,
    amount_remaining: due,
    attempt_count: 0,
    attempted: false,
    lines: { object: "list", data: lines, has_more: false, url: "/v1/invoices/lines" },
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: sub.id, metadata: sub.metadata },
    },
    status_transitions: { paid_at: null, finalized_at: now, marked_uncollectible_at: null, voided_at: null },
    hosted_invoice_url: null,
  });
  created.lines.url = `/v1/invoices/${created.id}/lines`;
  state.invoices.set(created.id, created);
  sub.latest_invoice = created.id;
  return created;
}

/** Charges the customer's card for the invoice: paid, or left open (declined, or no card at all). */
function collect(store: SandboxStore, created: StripeInvoice): boolean {
  const card = store.slice(stripeState).cards.get(created.customer);
  if (created.amount_due > 0) {
    created.attempt_count += 1;
    created.attempted = true;
    if (!card || card.behaviour === "decline") return false;
  }
  created.status = "paid";
  created.amount_paid = created.amount_due;
  created.amount_remaining = 0;
  created.status_transitions.paid_at = stripeNow(store);
  return true;
}

export interface NewSubscription {
  customer: string;
  currency: string;
  items: { price: StripePrice; quantity: number }[];
  metadata: Record<string, string>;
  paymentMethod: string | null;
  /** A free trial of this many days first (no charge until it ends). */
  trialDays?: number | null;
  missingPaymentMethod?: MissingPaymentMethod;
  /** payment_behavior=error_if_incomplete: a failed first payment is a 402 and creates nothing. */
  failIfUnpaid?: boolean;
  /** Flexible unless asked otherwise: Stripe's default for new subscriptions since 2025-09-30.clover. */
  billingMode?: BillingModeType;
}

/** A subscription paid by card from its first invoice (what Checkout makes). Returns its events. */
export function startSubscription(
  store: SandboxStore,
  input: NewSubscription,
): { sub: StripeSubscription; events: EventInput[] } {
  const state = store.slice(stripeState);
  const now = stripeNow(store);
  const id = stripeId("sub");
  const first = input.items[0]?.price.recurring;
  if (!first)
    throw new StripeError(
      400,
      "invalid_request_error",
      "A subscription needs a recurring price.",
      "parameter_invalid_empty",
      "items",
    );
  const trialEnd = input.trialDays ? now + input.trialDays * 86_400 : null;
  const anchor = trialEnd ?? now;
  const end = trialEnd ?? periodEnd(now, now, first);
  const sub = newSubscription({
    id,
    status: trialEnd ? "trialing" : "active",
    customer: input.customer,
    currency: input.currency,
    created: now,
    start_date: now,
    billing_cycle_anchor: anchor,
    trial_start: trialEnd ? now : null,
    trial_end: trialEnd,
    trial_settings: {
      end_behavior: {
        billing_cycle_anchor: null,
        missing_payment_method: input.missingPaymentMethod ?? "create_invoice",
      },
    },
    default_payment_method: input.paymentMethod,
    metadata: input.metadata,
    billingMode: input.billingMode ?? "flexible",
    items: {
      object: "list",
      data: input.items.map((entry) =>
        newSubscriptionItem({
          id: stripeId("si", 14),
          created: now,
          current_period_start: now,
          current_period_end: end,
          price: entry.price,
          quantity: entry.quantity,
          subscription: id,
        }),
      ),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
  });
  const card = state.cards.get(input.customer);
  const charge = sub.items.data.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
  if (!trialEnd && input.failIfUnpaid && charge > 0 && (!card || card.behaviour === "decline"))
    throw new StripeError(402, "card_error", "Your card was declined.", "card_declined", undefined, "generic_decline");
  state.subscriptions.set(id, sub);
  // A trial's first invoice is for nothing ("Trial period for …"), paid at once.
  const lines = sub.items.data.map((item) =>
    line(
      sub,
      item,
      item.price,
      item.quantity,
      trialEnd ? 0 : item.price.unit_amount * item.quantity,
      { start: now, end },
      `${trialEnd ? "Trial period for" : `${item.quantity} ×`} ${productName(store, item.price)}`,
      false,
    ),
  );
  const firstInvoice = invoice(store, sub, "subscription_create", lines, { start: now, end: now });
  if (collect(store, firstInvoice))
    return {
      sub,
      events: [
        { type: "customer.subscription.created", object: sub },
        { type: "invoice.paid", object: firstInvoice },
      ],
    };
  // allow_incomplete (Stripe's default): the subscription exists but is incomplete until paid.
  sub.status = "incomplete";
  return {
    sub,
    events: [
      { type: "customer.subscription.created", object: sub },
      { type: "invoice.payment_failed", object: firstInvoice },
    ],
  };
}

export type ProrationBehavior = "create_prorations" | "always_invoice" | "none";

/**
 * Moves an item to another price (or quantity) at `at`, with Stripe's proration. Returns the lines
 * made (credit for the unused time first, then the remaining time).
 */
export function changeItem(
  store: SandboxStore,
  sub: StripeSubscription,
  item: StripeSubscriptionItem,
  price: StripePrice,
  quantity: number,
  at: number,
  behavior: ProrationBehavior,
): StripeInvoiceLine[] {
  const { current_period_start: start, current_period_end: end } = item;
  const lines: StripeInvoiceLine[] = [];
  if (behavior !== "none" && at < end && sub.status !== "trialing") {
    const share = (amount: number) => Math.round((amount * (end - at)) / (end - start));
    lines.push(
      line(
        sub,
        item,
        item.price,
        item.quantity,
        -share(item.price.unit_amount * item.quantity),
        { start: at, end },
        `Unused time on ${item.quantity} × ${productName(store, item.price)} after ${utcDay(at)}`,
        true,
      ),
      line(
        sub,
        item,
        price,
        quantity,
        share(price.unit_amount * quantity),
        { start: at, end },
        `Remaining time on ${quantity} × ${productName(store, price)} after ${utcDay(at)}`,
        true,
      ),
    );
  }
  setItemPrice(item, price);
  item.quantity = quantity;
  return lines;
}

/** Bills proration lines now (always_invoice) or keeps them for the next renewal (create_prorations). */
export function billProrations(
  store: SandboxStore,
  sub: StripeSubscription,
  lines: StripeInvoiceLine[],
  behavior: ProrationBehavior,
  failIfUnpaid: boolean,
): EventInput[] {
  if (lines.length === 0) return [];
  const state = store.slice(stripeState);
  if (behavior === "create_prorations") {
    state.pendingLines.set(sub.id, [...(state.pendingLines.get(sub.id) ?? []), ...lines]);
    return [];
  }
  const card = state.cards.get(sub.customer);
  const total = lines.reduce((sum, entry) => sum + entry.amount, 0);
  if (failIfUnpaid && total > 0 && (!card || card.behaviour === "decline"))
    throw new StripeError(402, "card_error", "Your card was declined.", "card_declined", undefined, "generic_decline");
  const at = lines[0]?.period.start ?? stripeNow(store);
  const created = invoice(store, sub, "subscription_update", lines, { start: at, end: at });
  if (collect(store, created)) return [{ type: "invoice.paid", object: created }];
  sub.status = "past_due";
  return [{ type: "invoice.payment_failed", object: created }];
}

/** Renews (or ends) every subscription whose period is over by the sandbox clock, period by period. */
export function renewDue(store: SandboxStore): void {
  const state = store.slice(stripeState);
  const now = stripeNow(store);
  for (const sub of state.subscriptions.values()) {
    const events: EventInput[] = [];
    while (sub.status === "active" || sub.status === "trialing") {
      const item = sub.items.data[0];
      if (!item) break;
      // A cancel_at inside the period ends the subscription then, not at the period's end.
      if (sub.cancel_at !== null && sub.cancel_at <= now && sub.cancel_at < item.current_period_end) {
        sub.status = "canceled";
        sub.ended_at = sub.cancel_at;
        sub.canceled_at ??= sub.cancel_at;
        events.push({ type: "customer.subscription.deleted", object: sub });
        break;
      }
      if (item.current_period_end > now) break;
      const previous = {
        status: sub.status,
        items: structuredClone(sub.items),
        latest_invoice: sub.latest_invoice,
      };
      const boundary = item.current_period_end;
      if (sub.cancel_at_period_end || (sub.cancel_at !== null && sub.cancel_at <= boundary)) {
        sub.status = "canceled";
        sub.ended_at = boundary;
        sub.canceled_at ??= boundary;
        events.push({ type: "customer.subscription.deleted", object: sub });
        break;
      }
      // A trial ending without a card: cancel, pause, or invoice anyway (which then fails), as asked.
      const noCard = !state.cards.has(sub.customer);
      const behaviour = sub.trial_settings.end_behavior.missing_payment_method;
      if (sub.status === "trialing" && noCard && behaviour !== "create_invoice") {
        if (behaviour === "cancel") {
          sub.status = "canceled";
          sub.ended_at = boundary;
          sub.canceled_at = boundary;
          events.push({ type: "customer.subscription.deleted", object: sub });
        } else {
          sub.status = "paused";
          events.push({ type: "customer.subscription.updated", object: sub, previous });
        }
        break;
      }
      for (const entry of sub.items.data) {
        const recurring = entry.price.recurring;
        if (!recurring) continue;
        entry.current_period_start = boundary;
        entry.current_period_end = periodEnd(sub.billing_cycle_anchor, boundary, recurring);
      }
      const period = { start: boundary, end: item.current_period_end };
      const lines = [
        ...(state.pendingLines.get(sub.id) ?? []),
        ...sub.items.data.map((entry) =>
          line(
            sub,
            entry,
            entry.price,
            entry.quantity,
            entry.price.unit_amount * entry.quantity,
            period,
            `${entry.quantity} × ${productName(store, entry.price)}`,
            false,
          ),
        ),
      ];
      state.pendingLines.delete(sub.id);
      const created = invoice(store, sub, "subscription_cycle", lines, {
        start: previous.items.data[0]?.current_period_start ?? boundary,
        end: boundary,
      });
      if (sub.status === "trialing") sub.status = "active";
      if (collect(store, created)) {
        events.push({ type: "invoice.paid", object: created });
      } else {
        // Stripe's default when a renewal fails: the subscription becomes past_due while it retries.
        sub.status = "past_due";
        events.push({ type: "invoice.payment_failed", object: created });
      }
      events.push({ type: "customer.subscription.updated", object: sub, previous });
    }
    if (events.length > 0) emit(store, events);
  }
}

/**
 * POST /v1/invoices/create_preview for a change to a subscription, computed on a copy (nothing is
 * stored): with always_invoice the invoice the change would make now (its proration lines); else
 * the next renewal's, with pending and new proration lines and the next period at the new prices.
 */
export function previewInvoice(
  store: SandboxStore,
  original: StripeSubscription,
  changes: { itemId: string; price: StripePrice; quantity: number }[],
  behavior: ProrationBehavior,
  at: number,
): StripeInvoice {
  const state = store.slice(stripeState);
  const sub = structuredClone(original);
  const prorations = changes.flatMap((change) => {
    const item = sub.items.data.find((candidate) => candidate.id === change.itemId);
    return item ? changeItem(store, sub, item, change.price, change.quantity, at, behavior) : [];
  });
  const first = sub.items.data[0];
  const periodStart = first?.current_period_end ?? at;
  const next = first?.price.recurring
    ? periodEnd(sub.billing_cycle_anchor, periodStart, first.price.recurring)
    : periodStart;
  const lines =
    behavior === "always_invoice"
      ? prorations
      : [
          ...(state.pendingLines.get(sub.id) ?? []),
          ...prorations,
          ...sub.items.data.map((entry) =>
            line(
              sub,
              entry,
              entry.price,
              entry.quantity,
              entry.price.unit_amount * entry.quantity,
              { start: periodStart, end: next },
              `${entry.quantity} × ${productName(store, entry.price)}`,
              false,
            ),
          ),
        ];
  const total = lines.reduce((sum, entry) => sum + entry.amount, 0);
  const balance = state.customers.get(sub.customer)?.balance ?? 0;
  const due = Math.max(0, total + balance);
  const now = stripeNow(store);
  return newInvoice({
    id: stripeId("upcoming_in"),
    status: "draft",
    billing_reason: behavior === "always_invoice" ? "subscription_update" : "subscription_cycle",
    customer: sub.customer,
    currency: sub.currency,
    created: now,
    period_start: behavior === "always_invoice" ? at : (first?.current_period_start ?? at),
    period_end: behavior === "always_invoice" ? at : periodStart,
    subtotal: total,
    total,
    starting_balance: balance,
    ending_balance: Math.min(0, total + balance),
    amount_due: due,
    amount_paid: 0,
    amount_remaining: due,
    attempt_count: 0,
    attempted: false,
    lines: { object: "list", data: lines, has_more: false, url: "/v1/invoices/upcoming/lines" },
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: sub.id, metadata: sub.metadata },
    },
    status_transitions: { paid_at: null, finalized_at: null, marked_uncollectible_at: null, voided_at: null },
    hosted_invoice_url: null,
  });
}
