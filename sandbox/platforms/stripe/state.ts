import { randomBytes } from "node:crypto";
import { defineSlice, type SandboxStore } from "../../state";

/**
 * What the Stripe sandbox remembers: the objects of one test-mode account (customers, products,
 * prices, Checkout Sessions, subscriptions, invoices, events), its webhook endpoint and the
 * delivery faults tests asked for. Objects are kept in Stripe's own JSON shape (API version
 * 2026-10-28, the one stripe v23 pins), so handlers answer them as they are.
 */

export type StripeCard = "success" | "decline" | "authenticate";

export interface StripeCustomer {
  id: string;
  object: "customer";
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
  /** Negative = credit the next invoices use up (a downgrade's proration). */
  balance: number;
  currency: string | null;
  livemode: false;
  invoice_settings: { default_payment_method: string | null };
}

export interface StripeProduct {
  id: string;
  object: "product";
  active: boolean;
  created: number;
  name: string;
  description: string | null;
  metadata: Record<string, string>;
  livemode: false;
}

export interface StripePrice {
  id: string;
  object: "price";
  active: boolean;
  created: number;
  currency: string;
  lookup_key: string | null;
  metadata: Record<string, string>;
  nickname: string | null;
  product: string;
  recurring: { interval: "day" | "week" | "month" | "year"; interval_count: number; usage_type: "licensed" } | null;
  type: "recurring" | "one_time";
  unit_amount: number;
  unit_amount_decimal: string;
  billing_scheme: "per_unit";
  tax_behavior: "unspecified";
  livemode: false;
}

export interface StripeCheckoutSession {
  id: string;
  object: "checkout.session";
  mode: "subscription";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  url: string | null;
  success_url: string;
  cancel_url: string | null;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  subscription: string | null;
  invoice: string | null;
  metadata: Record<string, string>;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  created: number;
  expires_at: number;
  livemode: false;
  /** Not in Stripe's answer: what the session sells and what the subscription gets. */
  lineItems: { price: string; quantity: number }[];
  subscriptionMetadata: Record<string, string>;
  trialPeriodDays: number | null;
}

export interface StripeSubscriptionItem {
  id: string;
  object: "subscription_item";
  created: number;
  current_period_start: number;
  current_period_end: number;
  metadata: Record<string, string>;
  price: StripePrice;
  quantity: number;
  subscription: string;
}

/** What a trial without a card turns into when it ends (trial_settings.end_behavior). */
export type MissingPaymentMethod = "cancel" | "pause" | "create_invoice";

export interface StripeSubscription {
  id: string;
  object: "subscription";
  status: "trialing" | "active" | "past_due" | "canceled" | "incomplete" | "unpaid" | "paused";
  customer: string;
  currency: string;
  created: number;
  start_date: number;
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  trial_start: number | null;
  trial_end: number | null;
  trial_settings: { end_behavior: { missing_payment_method: MissingPaymentMethod } };
  default_payment_method: string | null;
  latest_invoice: string | null;
  metadata: Record<string, string>;
  items: { object: "list"; data: StripeSubscriptionItem[]; has_more: false; url: string };
  collection_method: "charge_automatically";
  livemode: false;
}

export interface StripeInvoiceLine {
  id: string;
  object: "line_item";
  amount: number;
  currency: string;
  description: string;
  period: { start: number; end: number };
  quantity: number;
  pricing: { type: "price_details"; price_details: { price: string; product: string } };
  parent: {
    type: "subscription_item_details";
    subscription_item_details: { proration: boolean; subscription: string; subscription_item: string };
  };
}

export interface StripeInvoice {
  id: string;
  object: "invoice";
  status: "draft" | "open" | "paid" | "void";
  billing_reason: "subscription_create" | "subscription_cycle" | "subscription_update";
  customer: string;
  currency: string;
  created: number;
  period_start: number;
  period_end: number;
  subtotal: number;
  total: number;
  starting_balance: number;
  ending_balance: number;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  lines: { object: "list"; data: StripeInvoiceLine[]; has_more: false; url: string };
  parent: {
    type: "subscription_details";
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  status_transitions: { paid_at: number | null; finalized_at: number | null };
  hosted_invoice_url: string | null;
  livemode: false;
}

export interface StripePortalSession {
  id: string;
  object: "billing_portal.session";
  created: number;
  customer: string;
  return_url: string | null;
  url: string;
  livemode: false;
}

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: string;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}

export type WebhookFaultKind = "duplicate" | "out_of_order" | "delay" | "fail";

export interface WebhookFault {
  id: number;
  kind: WebhookFaultKind;
  /** Events still to hit; -1 = until cleared. */
  remaining: number;
  /** Only events of these types (default any). */
  types: string[] | null;
  /** delay: how long the event is held before its first attempt. */
  delayMs: number;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  attempt: number;
  /** The endpoint's HTTP status; null when it was not reached (failed on purpose, refused, timed out). */
  status: number | null;
  ok: boolean;
  error: string | null;
  at: string;
}

/** How deliveries are paced (reset with the data); the endpoint itself is in `webhookEndpoint`. */
export interface StripeWebhookSettings {
  /** Attempts per event, the first included (Stripe test mode: a few over hours; here fast). */
  maxAttempts: number;
  /** Wait before retry n is retryDelayMs × 2^(n-1). */
  retryDelayMs: number;
  timeoutMs: number;
}

export interface IdempotentAnswer {
  request: string;
  status: number;
  body: string;
}

export interface StripeState {
  customers: Map<string, StripeCustomer>;
  products: Map<string, StripeProduct>;
  prices: Map<string, StripePrice>;
  sessions: Map<string, StripeCheckoutSession>;
  subscriptions: Map<string, StripeSubscription>;
  invoices: Map<string, StripeInvoice>;
  events: StripeEvent[];
  /** Customer id → the card its payments use (set by Checkout, or by a test). */
  cards: Map<string, { paymentMethod: string; behaviour: StripeCard; last4: string }>;
  /** Proration lines waiting for the customer's next invoice (proration_behavior=create_prorations). */
  pendingLines: Map<string, StripeInvoiceLine[]>;
  portals: Map<string, StripePortalSession>;
  idempotency: Map<string, IdempotentAnswer>;
  webhook: StripeWebhookSettings;
  faults: WebhookFault[];
  deliveries: WebhookDelivery[];
  nextFaultId: number;
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64url")}`;
}

export const stripeState = defineSlice<StripeState>(
  "stripe",
  () => ({
    customers: new Map(),
    products: new Map(),
    prices: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    events: [],
    cards: new Map(),
    pendingLines: new Map(),
    portals: new Map(),
    idempotency: new Map(),
    webhook: {
      maxAttempts: 4,
      retryDelayMs: 1000,
      timeoutMs: 10_000,
    },
    faults: [],
    deliveries: [],
    nextFaultId: 1,
  }),
  (state) => ({
    customers: state.customers.size,
    subscriptions: [...state.subscriptions.values()].map((sub) => ({ id: sub.id, status: sub.status })),
    invoices: state.invoices.size,
    events: state.events.length,
    webhook: state.webhook,
    faults: state.faults,
  }),
);

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** An id like Stripe's: a type prefix and 24 random letters and digits (`cus_…`, `cs_test_…`). */
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  return `${prefix}_${[...bytes].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("")}`;
}

/**
 * The account's webhook endpoint: SANDBOX_STRIPE_WEBHOOK_URL and STRIPE_WEBHOOK_SECRET (else a
 * random `whsec_…`) until a test sets others. Kept in the store's config, so /_control/reset does not
 * forget it, as deleting test data in Stripe keeps the account's endpoints.
 */
export function webhookEndpoint(store: SandboxStore): { url: string | null; secret: string } {
  store.config.stripeWebhook ??= {
    url: process.env.SANDBOX_STRIPE_WEBHOOK_URL || null,
    secret: process.env.STRIPE_WEBHOOK_SECRET || newWebhookSecret(),
  };
  return store.config.stripeWebhook;
}

/** The sandbox clock in Unix seconds, as every Stripe timestamp. */
export function stripeNow(store: SandboxStore): number {
  return Math.floor(store.now() / 1000);
}
