import type Stripe from "stripe";

/**
 * The sandbox's Stripe objects, typed with the `stripe` package's own types (generated from
 * Stripe's OpenAPI spec), so a field Stripe answers cannot be forgotten: each factory fills every
 * field of the type, with the value Stripe gives an object the sandbox does not play that part of
 * (no tax, no discounts, no shipping: null or empty). Two narrowings, both still Stripe's shape:
 * - `Wire<T>`: fields the SDK types as `Stripe.Decimal` (it parses them on read) are held as they
 *   travel, a decimal string ("2000");
 * - `Stored<T, …>`: expandable fields hold the id, as Stripe stores them (`customer: "cus_…"`).
 * The `Assert…` lines below prove at compile time that each stored type is assignable to the
 * SDK's, so no cast is needed anywhere.
 */

type Primitive = string | number | boolean | null | undefined;

/** T as JSON carries it: Stripe.Decimal fields as decimal strings. */
export type Wire<T> = T extends Stripe.Decimal
  ? string
  : T extends Primitive
    ? T
    : T extends readonly (infer U)[]
      ? Wire<U>[]
      : { [K in keyof T]: Wire<T[K]> };

type Stored<T, Narrowed> = Omit<Wire<T>, keyof Narrowed> & Narrowed;

export type StripePrice = Stored<
  Stripe.Price,
  { product: string; unit_amount: number; unit_amount_decimal: string; recurring: Stripe.Price.Recurring | null }
>;
export type StripeProduct = Stored<Stripe.Product, { default_price: string | null }>;
export type StripeCustomer = Stored<
  Stripe.Customer,
  { invoice_settings: Wire<Stripe.Customer.InvoiceSettings> & { default_payment_method: string | null } }
>;
export type StripeSubscriptionItem = Stored<Stripe.SubscriptionItem, { price: StripePrice; quantity: number }>;
export type StripeSubscription = Stored<
  Stripe.Subscription,
  {
    customer: string;
    latest_invoice: string | null;
    default_payment_method: string | null;
    items: Stored<Stripe.ApiList<Stripe.SubscriptionItem>, { data: StripeSubscriptionItem[] }>;
    trial_settings: Stripe.Subscription.TrialSettings;
  }
>;
export type StripeInvoiceLine = Stored<
  Stripe.InvoiceLineItem,
  {
    pricing: { type: "price_details"; price_details: { price: string; product: string }; unit_amount_decimal: string };
    parent: {
      type: "subscription_item_details";
      invoice_item_details: null;
      subscription_item_details: {
        invoice_item: null;
        proration: boolean;
        proration_details: null;
        subscription: string;
        subscription_item: string;
      };
    };
    quantity: number;
  }
>;
export type StripeInvoice = Stored<
  Stripe.Invoice,
  {
    id: string;
    customer: string;
    billing_reason: "subscription_create" | "subscription_cycle" | "subscription_update";
    status: "draft" | "open" | "paid" | "void";
    lines: Stored<Stripe.ApiList<Stripe.InvoiceLineItem>, { data: StripeInvoiceLine[] }>;
    parent: {
      type: "subscription_details";
      quote_details: null;
      subscription_details: { subscription: string; metadata: Stripe.Metadata };
    };
    status_transitions: Stripe.Invoice.StatusTransitions;
    /**
     * Deprecated in 2025-03-31.basil (moved to parent.subscription_details) and absent from the
     * SDK's type, but still in Stripe's fixture: answered as null, so nothing can rely on it.
     */
    subscription: null;
  }
>;
export type StripeCheckoutSession = Stored<
  Stripe.Checkout.Session,
  {
    customer: string | null;
    subscription: string | null;
    invoice: string | null;
    currency: string;
    status: Stripe.Checkout.Session.Status;
    success_url: string;
  }
>;
export type StripePortalSession = Stored<Stripe.BillingPortal.Session, { configuration: string }>;
export type StripeEvent = Stripe.EventBase;

/** Compile-time proofs that each stored shape is the SDK's (as JSON carries it). */
type Assert<T extends U, U> = T;
export type AssertedShapes = [
  Assert<StripePrice, Wire<Stripe.Price>>,
  Assert<StripeProduct, Wire<Stripe.Product>>,
  Assert<StripeCustomer, Wire<Stripe.Customer>>,
  Assert<StripeSubscription, Wire<Stripe.Subscription>>,
  Assert<StripeInvoice, Omit<Wire<Stripe.Invoice>, never>>,
  Assert<StripeCheckoutSession, Wire<Stripe.Checkout.Session>>,
  Assert<StripePortalSession, Wire<Stripe.BillingPortal.Session>>,
];

export function newProduct(
  fields: Pick<StripeProduct, "id" | "active" | "created" | "name" | "description" | "metadata">,
): StripeProduct {
  return {
    ...fields,
    object: "product",
    default_price: null,
    images: [],
    livemode: false,
    marketing_features: [],
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: "service",
    unit_label: null,
    updated: fields.created,
    url: null,
  };
}

export function newPrice(
  fields: Pick<
    StripePrice,
    "id" | "active" | "created" | "currency" | "lookup_key" | "metadata" | "nickname" | "product" | "unit_amount"
  > & { recurring: { interval: Stripe.Price.Recurring.Interval; interval_count: number } | null },
): StripePrice {
  const { recurring, ...rest } = fields;
  return {
    ...rest,
    object: "price",
    billing_scheme: "per_unit",
    custom_unit_amount: null,
    livemode: false,
    recurring: recurring ? { ...recurring, meter: null, trial_period_days: null, usage_type: "licensed" } : null,
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? "recurring" : "one_time",
    unit_amount_decimal: String(fields.unit_amount),
  };
}

export function newCustomer(
  fields: Pick<StripeCustomer, "id" | "created" | "email" | "name" | "description" | "metadata" | "currency">,
): StripeCustomer {
  return {
    ...fields,
    object: "customer",
    address: null,
    balance: 0,
    default_source: null,
    delinquent: false,
    discount: null,
    invoice_prefix: fields.id.slice(-8).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
}

/** The legacy Plan every subscription item still carries, mirroring its Price. */
function planOf(price: StripePrice): Wire<Stripe.Plan> {
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: "per_unit",
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? "month",
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: "licensed",
  };
}

export function newSubscriptionItem(
  fields: Pick<
    StripeSubscriptionItem,
    "id" | "created" | "current_period_start" | "current_period_end" | "price" | "quantity" | "subscription"
  >,
): StripeSubscriptionItem {
  return {
    ...fields,
    object: "subscription_item",
    billing_thresholds: null,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(fields.price),
    tax_rates: [],
  };
}

/** Plans an item's Plan after its Price changed (the Plan mirrors the Price). */
export function setItemPrice(item: StripeSubscriptionItem, price: StripePrice): void {
  item.price = price;
  item.plan = planOf(price);
}

export type BillingModeType = "classic" | "flexible";

export function newSubscription(
  fields: Pick<
    StripeSubscription,
    | "id"
    | "status"
    | "customer"
    | "currency"
    | "created"
    | "start_date"
    | "billing_cycle_anchor"
    | "trial_start"
    | "trial_end"
    | "trial_settings"
    | "default_payment_method"
    | "metadata"
    | "items"
  > & { billingMode: BillingModeType },
): StripeSubscription {
  const { billingMode, ...rest } = fields;
  return {
    ...rest,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor_config: null,
    billing_mode:
      billingMode === "flexible"
        ? { type: "flexible", flexible: { proration_discounts: "included" }, updated_at: fields.created }
        : { type: "classic", flexible: null },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: "charge_automatically",
    customer_account: null,
    days_until_due: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: "self" },
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: "off" },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    test_clock: null,
    transfer_data: null,
  };
}

export function newInvoiceLine(
  fields: Pick<
    StripeInvoiceLine,
    "id" | "amount" | "currency" | "description" | "period" | "quantity" | "pricing" | "parent"
  >,
): StripeInvoiceLine {
  return {
    ...fields,
    object: "line_item",
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    pretax_credit_amounts: [],
    quantity_decimal: String(fields.quantity),
    subscription: fields.parent.subscription_item_details.subscription,
    subtotal: fields.amount,
    taxes: [],
  };
}

export function newInvoice(
  fields: Pick<
    StripeInvoice,
    | "id"
    | "status"
    | "billing_reason"
    | "customer"
    | "currency"
    | "created"
    | "period_start"
    | "period_end"
    | "subtotal"
    | "total"
    | "starting_balance"
    | "ending_balance"
    | "amount_due"
    | "amount_paid"
    | "amount_remaining"
    | "attempt_count"
    | "attempted"
    | "lines"
    | "parent"
    | "status_transitions"
    | "hosted_invoice_url"
  >,
): StripeInvoice {
  return {
    ...fields,
    object: "invoice",
    account_country: "GB",
    account_name: "Postloom (sandbox)",
    account_tax_ids: null,
    amount_overpaid: 0,
    amount_shipping: 0,
    application: null,
    // Stripe advances a subscription's invoices itself; a preview is never advanced.
    auto_advance: fields.status !== "draft",
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    collection_method: "charge_automatically",
    custom_fields: null,
    customer_account: null,
    customer_address: null,
    customer_email: null,
    customer_name: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: "none",
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: fields.status_transitions.finalized_at,
    footer: null,
    from_invoice: null,
    invoice_pdf: null,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    statement_descriptor: null,
    subscription: null,
    subtotal_excluding_tax: fields.subtotal,
    test_clock: null,
    total_discount_amounts: [],
    total_excluding_tax: fields.total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: fields.created,
  };
}

export function newCheckoutSession(
  fields: Pick<
    StripeCheckoutSession,
    | "id"
    | "status"
    | "payment_status"
    | "url"
    | "success_url"
    | "cancel_url"
    | "customer"
    | "customer_email"
    | "client_reference_id"
    | "metadata"
    | "amount_subtotal"
    | "amount_total"
    | "currency"
    | "created"
    | "expires_at"
  >,
): StripeCheckoutSession {
  return {
    ...fields,
    object: "checkout.session",
    mode: "subscription",
    subscription: null,
    invoice: null,
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer_account: null,
    customer_creation: fields.customer ? null : "always",
    customer_details: null,
    discounts: [],
    integration_identifier: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "always",
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ["card"],
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    submit_type: null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted",
    wallet_options: null,
  };
}

export function newPortalSession(
  fields: Pick<StripePortalSession, "id" | "created" | "customer" | "return_url" | "url" | "configuration">,
): StripePortalSession {
  return {
    ...fields,
    object: "billing_portal.session",
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
  };
}
