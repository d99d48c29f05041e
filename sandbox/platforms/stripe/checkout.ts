import { escapeHtml, html, redirect, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import {
  allowOnly,
  billingModeParam,
  expandList,
  int,
  invalid,
  list,
  metadata,
  noSuch,
  obj,
  requiredStr,
  str,
  StripeError,
  stripeRoute,
} from "./api";
import { startSubscription } from "./billing";
import { findCustomer, findPrice } from "./catalog";
import {
  stripeId,
  stripeNow,
  stripeState,
  type StoredCheckoutSession,
  type StripeCard,
  type StripeCustomer,
} from "./state";
import { newCheckoutSession, newCustomer, type StripeCheckoutSession } from "./objects";
import { emit, type EventInput } from "./webhooks";

/**
 * Checkout Sessions in subscription mode and the hosted page their `url` opens, where Stripe's
 * test cards behave as documented (docs.stripe.com/testing): 4242 4242 4242 4242 pays,
 * 4000 0000 0000 0002 is declined (card_declined), 4000 0025 0000 3155 asks for 3-D Secure first.
 */

export const TEST_CARDS: Record<string, StripeCard> = {
  "4242424242424242": "success",
  "4000000000000002": "decline",
  "4000002500003155": "authenticate",
};

/** Checkout Sessions expire 24 hours after creation by default (docs.stripe.com/api/checkout/sessions/create, expires_at). */
const SESSION_TTL_SECONDS = 24 * 3600;

function findSession(ctx: RequestContext, id: string): StoredCheckoutSession {
  const session = ctx.store.slice(stripeState).sessions.get(id);
  if (!session) throw noSuch("checkout.session", id);
  return session;
}

/** The session as Stripe answers it: without what the sandbox keeps for itself. */
function publicSession(session: StoredCheckoutSession): StripeCheckoutSession {
  const {
    lineItems: _items,
    subscriptionMetadata: _meta,
    trialPeriodDays: _trial,
    billingMode: _mode,
    ...visible
  } = session;
  return visible;
}

export function isUrl(value: string): boolean {
  try {
    const url = new URL(value.replace("{CHECKOUT_SESSION_ID}", "x"));
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function createSession(ctx: RequestContext, params: Parameters<Parameters<typeof stripeRoute>[0]>[1]) {
  allowOnly(params, [
    "mode",
    "line_items",
    "success_url",
    "cancel_url",
    "customer",
    "customer_email",
    "client_reference_id",
    "metadata",
    "subscription_data",
  ]);
  const state = ctx.store.slice(stripeState);
  const mode = requiredStr(params, "mode");
  if (mode !== "subscription") throw invalid("mode", "The sandbox plays Checkout in subscription mode only.");
  const successUrl = requiredStr(params, "success_url");
  if (!isUrl(successUrl)) throw invalid("success_url", "Not a valid URL");
  const cancelUrl = str(params, "cancel_url") || null;
  if (cancelUrl && !isUrl(cancelUrl)) throw invalid("cancel_url", "Not a valid URL");
  const customerId = str(params, "customer");
  const customerEmail = str(params, "customer_email");
  if (customerId && customerEmail)
    throw invalid("customer_email", "You may only specify one of these parameters: customer, customer_email.");
  if (customerId) findCustomer(state, customerId, "customer");
  const entries = list(params, "line_items");
  if (entries.length === 0) throw invalid("line_items", "Missing required param: line_items.");
  const lineItems = entries.map((entry, index) => {
    allowOnly(entry, ["price", "quantity"]);
    const price = findPrice(state, requiredStr(entry, "price"), `line_items[${index}][price]`);
    if (!price.recurring)
      throw invalid(
        `line_items[${index}][price]`,
        "You must specify at least one recurring price in `subscription` mode when using prices.",
      );
    const quantity = int(entry, "quantity");
    if (quantity === undefined)
      throw invalid(`line_items[${index}][quantity]`, `Missing required param: line_items[${index}][quantity].`);
    if (quantity < 1) throw invalid(`line_items[${index}][quantity]`, "Invalid integer: quantity must be at least 1.");
    return { price, quantity };
  });
  const currency = lineItems[0]?.price.currency ?? "usd";
  if (lineItems.some((entry) => entry.price.currency !== currency))
    throw invalid("line_items", "All prices on a Checkout Session must use the same currency.");
  const subscriptionData = obj(params, "subscription_data") ?? {};
  allowOnly(subscriptionData, ["metadata", "trial_period_days", "billing_mode"]);
  const billingMode = billingModeParam(subscriptionData, "subscription_data[");
  const trial = int(subscriptionData, "trial_period_days") ?? null;
  if (trial !== null && (trial < 1 || trial > 730))
    throw invalid("subscription_data[trial_period_days]", "trial_period_days must be between 1 and 730.");
  const now = stripeNow(ctx.store);
  const id = stripeId("cs_test", 58);
  // Nothing is due today during a trial.
  const amount = trial ? 0 : lineItems.reduce((sum, entry) => sum + entry.price.unit_amount * entry.quantity, 0);
  const session: StoredCheckoutSession = {
    ...newCheckoutSession({
      id,
      status: "open",
      payment_status: "unpaid",
      url: `${ctx.baseUrl}/stripe/checkout/${id}`,
      success_url: successUrl,
      cancel_url: cancelUrl,
      customer: customerId ?? null,
      customer_email: customerEmail || null,
      client_reference_id: str(params, "client_reference_id") || null,
      metadata: metadata(params),
      amount_subtotal: amount,
      amount_total: amount,
      currency,
      created: now,
      expires_at: now + SESSION_TTL_SECONDS,
    }),
    billingMode,
    lineItems: lineItems.map((entry) => ({ price: entry.price.id, quantity: entry.quantity })),
    subscriptionMetadata: metadata(subscriptionData),
    trialPeriodDays: trial,
  };
  state.sessions.set(id, session);
  return publicSession(session);
}

/** An open session past its expires_at is expired (the page then says so). */
function refresh(ctx: RequestContext, session: StoredCheckoutSession): void {
  if (session.status === "open" && session.expires_at <= stripeNow(ctx.store)) {
    session.status = "expired";
    session.url = null;
    emit(ctx.store, [{ type: "checkout.session.expired", object: publicSession(session) }]);
  }
}

function page(session: StoredCheckoutSession, ctx: RequestContext, error?: string): SandboxResponse {
  const state = ctx.store.slice(stripeState);
  const lines = session.lineItems
    .map((entry) => {
      const price = state.prices.get(entry.price);
      const product = price ? state.products.get(price.product) : undefined;
      const amount = price
        ? `${(price.unit_amount / 100).toFixed(2)} ${price.currency.toUpperCase()} / ${price.recurring?.interval ?? ""}`
        : "";
      return `<li>${escapeHtml(product?.name ?? entry.price)} × ${entry.quantity}: ${escapeHtml(amount)}</li>`;
    })
    .join("");
  const base = `/stripe/checkout/${session.id}`;
  return html(
    200,
    `<!doctype html><html><head><title>Stripe Checkout (sandbox)</title></head><body>
<h1>Subscribe</h1><ul>${lines}</ul>
${error ? `<p role="alert" id="checkout-error">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${base}/pay">
<label for="card-number">Card number</label>
<input id="card-number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" value="">
<button type="submit" id="checkout-pay">Subscribe</button>
</form>
${session.cancel_url ? `<a id="checkout-cancel" href="${base}/cancel">Back</a>` : ""}
</body></html>`,
  );
}

function closedPage(session: StoredCheckoutSession): SandboxResponse {
  return html(
    410,
    `<!doctype html><html><body><h1>This Checkout Session is no longer available</h1><p>Status: ${escapeHtml(session.status)}</p></body></html>`,
  );
}

function sessionFor(ctx: RequestContext): StoredCheckoutSession | undefined {
  const session = ctx.store.slice(stripeState).sessions.get(ctx.params.id ?? "");
  if (session) refresh(ctx, session);
  return session;
}

const notFound = () => html(404, "<!doctype html><html><body><h1>Checkout Session not found</h1></body></html>");

/** Pays: the customer (made from customer_email if needed) gets the card and the subscription. */
function complete(
  ctx: RequestContext,
  session: StoredCheckoutSession,
  cardNumber: string,
  behaviour: StripeCard,
): SandboxResponse {
  const state = ctx.store.slice(stripeState);
  const store = ctx.store;
  const events: EventInput[] = [];
  let customer: StripeCustomer | undefined = session.customer ? state.customers.get(session.customer) : undefined;
  if (!customer) {
    customer = newCustomer({
      id: stripeId("cus", 14),
      created: stripeNow(store),
      email: session.customer_email,
      name: null,
      description: null,
      metadata: {},
      currency: session.currency,
    });
    state.customers.set(customer.id, customer);
    events.push({ type: "customer.created", object: customer });
  }
  const paymentMethod = stripeId("pm");
  state.cards.set(customer.id, { paymentMethod, behaviour, last4: cardNumber.slice(-4) });
  customer.invoice_settings.default_payment_method = paymentMethod;
  customer.currency ??= session.currency;
  const { sub, events: subEvents } = startSubscription(store, {
    customer: customer.id,
    currency: session.currency,
    items: session.lineItems.map((entry) => ({
      price: findPrice(state, entry.price, "price"),
      quantity: entry.quantity,
    })),
    metadata: session.subscriptionMetadata,
    paymentMethod,
    trialDays: session.trialPeriodDays,
    billingMode: session.billingMode,
  });
  session.status = "complete";
  session.payment_status = "paid";
  session.customer = customer.id;
  session.subscription = sub.id;
  session.invoice = sub.latest_invoice;
  session.url = null;
  emit(store, [{ type: "checkout.session.completed", object: publicSession(session) }, ...events, ...subEvents]);
  return redirect(session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id));
}

async function pay(ctx: RequestContext): Promise<SandboxResponse> {
  const session = sessionFor(ctx);
  if (!session) return notFound();
  if (session.status !== "open") return closedPage(session);
  const number = ((await ctx.form()).get("card_number") ?? "").replace(/[\s-]/g, "");
  const behaviour = TEST_CARDS[number];
  if (!behaviour)
    return page(session, ctx, "Your card number is invalid. Use a test card such as 4242 4242 4242 4242.");
  if (behaviour === "decline") return page(session, ctx, "Your card was declined.");
  if (behaviour === "authenticate") return redirect(`/stripe/checkout/${session.id}/authenticate?card=${number}`);
  return complete(ctx, session, number, behaviour);
}

function authenticatePage(ctx: RequestContext): SandboxResponse {
  const session = sessionFor(ctx);
  if (!session) return notFound();
  if (session.status !== "open") return closedPage(session);
  const card = ctx.query.get("card") ?? "";
  return html(
    200,
    `<!doctype html><html><head><title>3D Secure 2 Test Page</title></head><body>
<h1>3D Secure 2 Test Page</h1><p>Complete or fail the authentication of this test payment.</p>
<form method="post" action="/stripe/checkout/${session.id}/authenticate">
<input type="hidden" name="card_number" value="${escapeHtml(card)}">
<button type="submit" name="decision" value="complete" id="three-ds-complete">Complete</button>
<button type="submit" name="decision" value="fail" id="three-ds-fail">Fail</button>
</form></body></html>`,
  );
}

async function authenticate(ctx: RequestContext): Promise<SandboxResponse> {
  const session = sessionFor(ctx);
  if (!session) return notFound();
  if (session.status !== "open") return closedPage(session);
  const form = await ctx.form();
  const number = (form.get("card_number") ?? "").replace(/\s/g, "");
  if (TEST_CARDS[number] !== "authenticate") return page(session, ctx, "Your card number is invalid.");
  if (form.get("decision") !== "complete")
    return page(
      session,
      ctx,
      "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    );
  // Once authenticated the card is set up for off-session renewals (docs.stripe.com/testing#regulatory-cards, 3155).
  return complete(ctx, session, number, "success");
}

function cancel(ctx: RequestContext): SandboxResponse {
  const session = sessionFor(ctx);
  if (!session) return notFound();
  if (session.status !== "open" || !session.cancel_url) return closedPage(session);
  // The session stays open until it expires, as Stripe's does; the customer just goes back.
  return redirect(session.cancel_url);
}

export function registerStripeCheckout(router: Router): void {
  router
    .post("/v1/checkout/sessions", stripeRoute(createSession))
    .get(
      "/v1/checkout/sessions/:id",
      stripeRoute((ctx, params) => {
        const session = findSession(ctx, ctx.params.id ?? "");
        refresh(ctx, session);
        // Expanded ids become objects: the answer is no longer the stored shape.
        const answer: Record<string, unknown> = { ...publicSession(session) };
        const state = ctx.store.slice(stripeState);
        const expand = expandList(params);
        if (expand.includes("subscription") && session.subscription)
          answer.subscription = state.subscriptions.get(session.subscription);
        if (expand.includes("customer") && session.customer) answer.customer = state.customers.get(session.customer);
        return answer;
      }),
    )
    .post(
      "/v1/checkout/sessions/:id/expire",
      stripeRoute((ctx) => {
        const session = findSession(ctx, ctx.params.id ?? "");
        if (session.status !== "open")
          throw new StripeError(
            400,
            "invalid_request_error",
            `Only Checkout Sessions with a status in ["open"] can be expired.`,
          );
        session.expires_at = stripeNow(ctx.store);
        refresh(ctx, session);
        return publicSession(session);
      }),
    )
    .get("/stripe/checkout/:id", (ctx) => {
      const session = sessionFor(ctx);
      if (!session) return notFound();
      return session.status === "open" ? page(session, ctx) : closedPage(session);
    })
    .post("/stripe/checkout/:id/pay", pay)
    .get("/stripe/checkout/:id/authenticate", authenticatePage)
    .post("/stripe/checkout/:id/authenticate", authenticate)
    .get("/stripe/checkout/:id/cancel", cancel);
}
