import { randomBytes } from "node:crypto";
import { defineSlice, type SandboxStore } from "../../state";
import type {
  BillingModeType,
  StripeCheckoutSession,
  StripeCustomer,
  StripeEvent,
  StripeInvoice,
  StripeInvoiceLine,
  StripePortalSession,
  StripePrice,
  StripeProduct,
  StripeSubscription,
} from "./objects";

/**
 * What the Stripe sandbox remembers: the objects of one test-mode account (customers, products,
 * prices, Checkout Sessions, subscriptions, invoices, events), its webhook endpoint and the
 * delivery faults tests asked for. Objects are kept in Stripe's own JSON shape, typed with the
 * `stripe` package's types (objects.ts), so handlers answer them as they are.
 */

export type StripeCard = "success" | "decline" | "authenticate";

export type {
  StripeCustomer,
  StripeEvent,
  StripeInvoice,
  StripeInvoiceLine,
  StripePortalSession,
  StripePrice,
  StripeProduct,
  StripeSubscription,
  StripeSubscriptionItem,
} from "./objects";

/** A Checkout Session as stored: Stripe's object plus what it sells, which Stripe does not answer. */
export type StoredCheckoutSession = StripeCheckoutSession & {
  lineItems: { price: string; quantity: number }[];
  subscriptionMetadata: Record<string, string>;
  trialPeriodDays: number | null;
  billingMode: BillingModeType;
};

/** What a trial without a card turns into when it ends (trial_settings.end_behavior). */
export type MissingPaymentMethod = "cancel" | "pause" | "create_invoice";

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
  sessions: Map<string, StoredCheckoutSession>;
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

/** The account's API version: the one stripe v23 pins (`Stripe.API_VERSION`). */
export const DEFAULT_API_VERSION = "2026-10-28.endive";

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
export function webhookEndpoint(store: SandboxStore): { url: string | null; secret: string; apiVersion: string } {
  store.config.stripeWebhook ??= {
    url: process.env.SANDBOX_STRIPE_WEBHOOK_URL || null,
    secret: process.env.STRIPE_WEBHOOK_SECRET || newWebhookSecret(),
    apiVersion: DEFAULT_API_VERSION,
  };
  return store.config.stripeWebhook;
}

/** The sandbox clock in Unix seconds, as every Stripe timestamp. */
export function stripeNow(store: SandboxStore): number {
  return Math.floor(store.now() / 1000);
}
