import { createServer, type Server } from "node:http";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../../sandbox/server";
import { completeCheckout, sandboxControl } from "../../../sandbox/testing";
import { sleep } from "../../fixtures/sleep";

/** Stripe in the sandbox, driven by the official stripe SDK: objects, Checkout, proration, webhooks, renewals. */

let sandbox: RunningSandbox;
let control: ReturnType<typeof sandboxControl>;
let stripe: Stripe;
let receiver: Server;
let receiverUrl: string;
let secret: string;

interface Received {
  body: string;
  signature: string;
  at: number;
}
let received: Received[] = [];
/** Status codes the receiver answers next (then 200). */
let answers: number[] = [];
let testRun = 0;

const SECRET = "whsec_sandbox_stripe_test_secret";
const DAY = 86_400;

/** Every event received, verified with the SDK as an app would. */
const events = () => received.map((entry) => stripe.webhooks.constructEvent(entry.body, entry.signature, secret));

async function waitFor<T>(read: () => T | undefined | false, what: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}

const eventTypes = () => events().map((event) => event.type);

async function monthlyPrice(amount = 1000, currency = "gbp", lookupKey?: string) {
  return stripe.prices.create({
    currency,
    unit_amount: amount,
    recurring: { interval: "month" },
    product_data: { name: `Plan ${amount}` },
    ...(lookupKey ? { lookup_key: lookupKey } : {}),
  });
}

/** A customer subscribed to `price` through Checkout with the 4242 card. */
async function subscribed(price: Stripe.Price) {
  const customer = await stripe.customers.create({ email: "owner@example.com" });
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: "http://app.test/billing?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/billing?cancelled=1",
  });
  const outcome = await completeCheckout(session.url ?? "", "success");
  expect(outcome.kind).toBe("redirect");
  const done = await stripe.checkout.sessions.retrieve(session.id);
  const sub = await stripe.subscriptions.retrieve(String(done.subscription));
  return { customer, session: done, sub };
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  control = sandboxControl(sandbox.url);
  const url = new URL(sandbox.url);
  stripe = new Stripe("sk_test_sandbox", {
    host: url.hostname,
    port: Number(url.port),
    protocol: "http",
    maxNetworkRetries: 0,
  });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      // Each test has its own path: a late delivery for an earlier test is answered but not counted.
      if (request.url !== `/webhook/${testRun}`) return void response.writeHead(200).end();
      received.push({
        body: Buffer.concat(chunks).toString(),
        signature: String(request.headers["stripe-signature"]),
        at: Date.now(),
      });
      response.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/webhook`;
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  await control.reset();
  received = [];
  answers = [];
  testRun += 1;
  const endpoint = { url: `${receiverUrl}/${testRun}`, secret: SECRET, retryDelayMs: 50 };
  secret = (await control.setStripeWebhook(endpoint)).secret;
});

describe("Stripe API through the SDK", () => {
  it("creates, retrieves and updates customers; prices are found by lookup key", async () => {
    const customer = await stripe.customers.create({ email: "a@example.com", metadata: { userId: "u1" } });
    expect(customer.id).toMatch(/^cus_/);
    const updated = await stripe.customers.update(customer.id, { name: "Ann" });
    expect(updated).toMatchObject({ email: "a@example.com", name: "Ann", metadata: { userId: "u1" } });
    const price = await monthlyPrice(1500, "gbp", "standard_monthly");
    expect(price).toMatchObject({
      object: "price",
      unit_amount: 1500,
      recurring: { interval: "month", interval_count: 1 },
    });
    expect(price.id).toMatch(/^price_/);
    expect(String(price.product)).toMatch(/^prod_/);
    await monthlyPrice(3000, "gbp", "premium_monthly");
    const found = await stripe.prices.list({ lookup_keys: ["standard_monthly"] });
    expect(found.object).toBe("list");
    expect(found.data.map((entry) => entry.id)).toEqual([price.id]);
    expect((await stripe.prices.retrieve(price.id)).lookup_key).toBe("standard_monthly");
  });

  it("answers Stripe's errors: missing object 404, unknown parameter 400, bad key 401, reused lookup key", async () => {
    const missing = await stripe.customers.retrieve("cus_nope").catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: "resource_missing", param: "id" });
    const unknown = await stripe.customers
      .create({ emale: "x" } as Stripe.CustomerCreateParams)
      .catch((error: unknown) => error);
    expect(unknown).toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "emale" });
    const bad = new Stripe("sk_live_nope", {
      host: new URL(sandbox.url).hostname,
      port: Number(new URL(sandbox.url).port),
      protocol: "http",
      maxNetworkRetries: 0,
    });
    expect(await bad.customers.create({}).catch((error: unknown) => error)).toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await monthlyPrice(1000, "gbp", "taken");
    const again = await monthlyPrice(2000, "gbp", "taken").catch((error: unknown) => error);
    expect(again).toMatchObject({ statusCode: 400, param: "lookup_key" });
  });

  it("malformed requests get a 4xx with Stripe's error body, never a 500", async () => {
    const bad: [string, string, string][] = [
      ["POST", "/v1/customers", "a[b=1"],
      ["POST", "/v1/customers", "metadata=flat"],
      ["POST", "/v1/customers", "email=x&email[y]=z"],
      ["GET", "/v1/prices?limit=abc", ""],
      ["GET", "/v1/prices?lookup_keys=one", ""],
      ["POST", "/v1/checkout/sessions", "mode=subscription&success_url=nope&line_items=x"],
      ["POST", "/v1/subscriptions/sub_missing", "items[0][id]=si_x"],
      ["DELETE", "/v1/subscriptions/sub_missing", ""],
      ["POST", "/v1/invoices/create_preview", ""],
      ["GET", "/v1/not_a_resource", ""],
    ];
    for (const [method, path, body] of bad) {
      const answer = await fetch(`${sandbox.url}${path}`, {
        method,
        headers: { authorization: "Bearer sk_test_x", "content-type": "application/x-www-form-urlencoded" },
        body: method === "POST" ? body : undefined,
      });
      const data = (await answer.json()) as { error?: { type?: string; message?: string } };
      expect([400, 404], `${method} ${path} ${body}`).toContain(answer.status);
      expect(data.error?.type).toBe("invalid_request_error");
      expect(data.error?.message).toBeTruthy();
    }
  });

  it("replays the answer for a repeated Idempotency-Key and refuses the key with other parameters", async () => {
    const first = await stripe.customers.create({ email: "i@example.com" }, { idempotencyKey: "key-1" });
    const second = await stripe.customers.create({ email: "i@example.com" }, { idempotencyKey: "key-1" });
    expect(second.id).toBe(first.id);
    const other = await stripe.customers
      .create({ email: "j@example.com" }, { idempotencyKey: "key-1" })
      .catch((error: unknown) => error);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});

describe("Checkout in subscription mode", () => {
  it("with 4242 pays, redirects to success_url with the session id, and starts an active monthly subscription", async () => {
    const price = await monthlyPrice(1500);
    const { session, sub } = await subscribed(price);
    expect(session).toMatchObject({ status: "complete", payment_status: "paid", mode: "subscription" });
    expect(session.id).toMatch(/^cs_test_/);
    expect(sub.id).toMatch(/^sub_/);
    expect(sub.status).toBe("active");
    const item = sub.items.data[0];
    expect(item?.price.id).toBe(price.id);
    const start = new Date((item?.current_period_start ?? 0) * 1000);
    const end = new Date((item?.current_period_end ?? 0) * 1000);
    // One month on, same day and time (clamped to the month's last day, as 31 Jan → 28 Feb).
    const lastDay = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 2, 0)).getUTCDate();
    const expected = new Date(start);
    expected.setUTCDate(1);
    expected.setUTCMonth(start.getUTCMonth() + 1);
    expected.setUTCDate(Math.min(start.getUTCDate(), lastDay));
    expect(end.toISOString()).toBe(expected.toISOString());
    const invoice = await stripe.invoices.retrieve(String(sub.latest_invoice));
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 1500, billing_reason: "subscription_create" });
    await waitFor(() => eventTypes().includes("invoice.paid"), "the checkout events");
    expect(eventTypes()).toEqual(
      expect.arrayContaining(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]),
    );
  });

  it("the success redirect carries the session id in place of {CHECKOUT_SESSION_ID}", async () => {
    const price = await monthlyPrice();
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer_email: "new@example.com",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://app.test/billing?session_id={CHECKOUT_SESSION_ID}",
    });
    const outcome = await completeCheckout(session.url ?? "", "success");
    if (outcome.kind !== "redirect") throw new Error("expected a redirect");
    expect(outcome.location.searchParams.get("session_id")).toBe(session.id);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription"] });
    expect(done.customer).toMatch(/^cus_/);
    expect((done.subscription as Stripe.Subscription).status).toBe("active");
  });

  it("4000 0000 0000 0002 is declined: the page says so and nothing is created", async () => {
    const price = await monthlyPrice();
    const customer = await stripe.customers.create({});
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://app.test/ok",
    });
    expect(await completeCheckout(session.url ?? "", "decline")).toEqual({
      kind: "error",
      message: "Your card was declined.",
    });
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
  });

  it("4000 0025 0000 3155 asks for 3-D Secure: completing pays, failing leaves the session open", async () => {
    const price = await monthlyPrice();
    const make = () =>
      stripe.checkout.sessions.create({
        mode: "subscription",
        customer_email: "3ds@example.com",
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: "http://app.test/ok?s={CHECKOUT_SESSION_ID}",
      });
    const failed = await make();
    const refused = await completeCheckout(failed.url ?? "", "authenticate", { threeDSecure: "fail" });
    expect(refused.kind).toBe("error");
    expect((await stripe.checkout.sessions.retrieve(failed.id)).status).toBe("open");
    const passed = await make();
    const outcome = await completeCheckout(passed.url ?? "", "authenticate", { threeDSecure: "complete" });
    expect(outcome.kind).toBe("redirect");
    expect((await stripe.checkout.sessions.retrieve(passed.id)).status).toBe("complete");
  });

  it("Back goes to cancel_url; a session without line items is refused with a 400", async () => {
    const price = await monthlyPrice();
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://app.test/ok",
      cancel_url: "http://app.test/billing?cancelled=1",
    });
    const back = await fetch(`${session.url}/cancel`, { redirect: "manual" });
    expect(back.headers.get("location")).toBe("http://app.test/billing?cancelled=1");
    const empty = await stripe.checkout.sessions
      .create({ mode: "subscription", success_url: "http://app.test/ok" })
      .catch((error: unknown) => error);
    expect(empty).toMatchObject({ statusCode: 400, param: "line_items" });
  });

  it("a billing portal session has a url to a page that lists the subscription", async () => {
    const { customer, sub } = await subscribed(await monthlyPrice());
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: "http://app.test/billing",
    });
    expect(portal.id).toMatch(/^bps_/);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain(sub.id);
    expect(page).toContain("http://app.test/billing");
  });
});

describe("Subscription changes and proration", () => {
  it("an immediate upgrade invoices the prorated difference, computed by the time left in the period", async () => {
    const standard = await monthlyPrice(1500);
    const premium = await monthlyPrice(3000);
    const { sub } = await subscribed(standard);
    const item = sub.items.data[0];
    if (!item) throw new Error("no item");
    const { current_period_start: start, current_period_end: end } = item;
    const at = start + Math.floor((end - start) / 3);
    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: premium.id }],
      proration_behavior: "always_invoice",
      proration_date: at,
    });
    expect(updated.items.data[0]?.price.id).toBe(premium.id);
    const invoice = await stripe.invoices.retrieve(String(updated.latest_invoice));
    const share = (amount: number) => Math.round((amount * (end - at)) / (end - start));
    expect(invoice.lines.data.map((entry) => entry.amount)).toEqual([-share(1500), share(3000)]);
    expect(invoice).toMatchObject({
      status: "paid",
      billing_reason: "subscription_update",
      amount_paid: share(3000) - share(1500),
    });
    expect(invoice.lines.data.every((entry) => entry.parent?.subscription_item_details?.proration)).toBe(true);
    // The period does not move on a price change.
    expect(updated.items.data[0]?.current_period_end).toBe(end);
  });

  it("create_preview shows the amount the same change then invoices, and changes nothing", async () => {
    const standard = await monthlyPrice(1500);
    const premium = await monthlyPrice(3000);
    const { sub } = await subscribed(standard);
    const item = sub.items.data[0];
    if (!item) throw new Error("no item");
    const at = item.current_period_start + 5 * DAY + 1234;
    const preview = await stripe.invoices.createPreview({
      subscription: sub.id,
      subscription_details: {
        items: [{ id: item.id, price: premium.id }],
        proration_behavior: "always_invoice",
        proration_date: at,
      },
    });
    expect(preview.id).toMatch(/^upcoming_in_/);
    expect((await stripe.subscriptions.retrieve(sub.id)).items.data[0]?.price.id).toBe(standard.id);
    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: premium.id }],
      proration_behavior: "always_invoice",
      proration_date: at,
    });
    const invoice = await stripe.invoices.retrieve(String(updated.latest_invoice));
    expect(preview.amount_due).toBe(invoice.amount_paid);
    expect(preview.lines.data.map((entry) => entry.amount)).toEqual(invoice.lines.data.map((entry) => entry.amount));
  });

  it("an immediate downgrade credits the difference to the customer's balance, used by the next renewal", async () => {
    const premium = await monthlyPrice(3000);
    const standard = await monthlyPrice(1500);
    const { customer, sub } = await subscribed(premium);
    const item = sub.items.data[0];
    if (!item) throw new Error("no item");
    const at = item.current_period_start + Math.floor((item.current_period_end - item.current_period_start) / 2);
    await stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: standard.id }],
      proration_behavior: "always_invoice",
      proration_date: at,
    });
    const span = item.current_period_end - item.current_period_start;
    const credit =
      Math.round((3000 * (item.current_period_end - at)) / span) -
      Math.round((1500 * (item.current_period_end - at)) / span);
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ balance: -credit });
    await control.advanceClock(item.current_period_end - Math.floor(Date.now() / 1000) + 60);
    const renewal = (await stripe.invoices.list({ subscription: sub.id, limit: 1 })).data[0];
    expect(renewal).toMatchObject({ billing_reason: "subscription_cycle", total: 1500, amount_due: 1500 - credit });
  });

  it("cancel_at_period_end keeps it active until the period ends, then it is deleted; DELETE cancels now", async () => {
    const { sub } = await subscribed(await monthlyPrice());
    const scheduled = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(scheduled).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
      cancel_at: sub.items.data[0]?.current_period_end,
    });
    await control.advanceClock(40 * DAY);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe("canceled");
    await waitFor(() => eventTypes().includes("customer.subscription.deleted"), "the deleted event");
    const other = await subscribed(await monthlyPrice(2000));
    const cancelled = await stripe.subscriptions.cancel(other.sub.id);
    expect(cancelled.status).toBe("canceled");
    expect((await stripe.subscriptions.list({ customer: other.customer.id })).data).toEqual([]);
  });
});

describe("Webhooks", () => {
  it("are signed so that the SDK's constructEvent accepts them, and refused with another secret", async () => {
    await subscribed(await monthlyPrice());
    await waitFor(() => received.length >= 3, "three events");
    const first = received[0];
    if (!first) throw new Error("nothing received");
    expect(first.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = stripe.webhooks.constructEvent(first.body, first.signature, SECRET);
    expect(event.id).toMatch(/^evt_/);
    expect(event.api_version).toBe("2026-10-28.endive");
    expect(() => stripe.webhooks.constructEvent(first.body, first.signature, "whsec_wrong")).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(first.body.replace("evt_", "evt_x"), first.signature, SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it("the endpoint and its secret survive /_control/reset, as a Stripe account's endpoints outlive its test data", async () => {
    await control.reset();
    await subscribed(await monthlyPrice());
    await waitFor(() => eventTypes().includes("invoice.paid"), "events after a reset");
  });

  it("duplicate: the same event (same id) arrives twice", async () => {
    await control.stripeWebhookFault({ kind: "duplicate", types: ["checkout.session.completed"] });
    await subscribed(await monthlyPrice());
    await waitFor(
      () => eventTypes().filter((type) => type === "checkout.session.completed").length === 2,
      "the duplicate",
    );
    const ids = events()
      .filter((event) => event.type === "checkout.session.completed")
      .map((event) => event.id);
    expect(new Set(ids).size).toBe(1);
  });

  it("out of order: checkout.session.completed arrives after the subscription's events", async () => {
    await subscribed(await monthlyPrice());
    await waitFor(() => eventTypes().includes("invoice.paid"), "the normal batch");
    const types = eventTypes();
    expect(types.indexOf("checkout.session.completed")).toBeLessThan(types.indexOf("customer.subscription.created"));
    received = [];
    await control.stripeWebhookFault({ kind: "out_of_order", types: ["checkout.session.completed"] });
    await subscribed(await monthlyPrice(2000));
    await waitFor(() => eventTypes().includes("checkout.session.completed"), "the held-back event");
    expect(eventTypes().indexOf("customer.subscription.created")).toBeLessThan(
      eventTypes().indexOf("checkout.session.completed"),
    );
  });

  it("delay: the event is held back for delayMs before it is sent", async () => {
    await control.stripeWebhookFault({ kind: "delay", delayMs: 400, types: ["customer.subscription.created"] });
    const before = Date.now();
    await subscribed(await monthlyPrice());
    const entry = await waitFor(
      () => received.find((item) => item.body.includes('"type": "customer.subscription.created"')),
      "the delayed event",
    );
    expect(entry.at - before).toBeGreaterThanOrEqual(400);
  });

  it("failed delivery is retried, with the same event, until the endpoint answers 2xx", async () => {
    await control.stripeWebhookFault({ kind: "fail", types: ["invoice.paid"] });
    answers = [500];
    await subscribed(await monthlyPrice());
    await waitFor(() => eventTypes().includes("invoice.paid"), "the retried invoice.paid");
    const deliveries = await control.stripeDeliveries();
    const paid = deliveries.filter((entry) => entry.type === "invoice.paid");
    expect(paid.map((entry) => [entry.attempt, entry.ok])).toEqual([
      [1, false],
      [2, true],
    ]);
    const first = deliveries.find((entry) => entry.attempt === 1 && entry.status === 500);
    expect(first).toBeDefined();
    expect(deliveries.some((entry) => entry.eventId === first?.eventId && entry.attempt === 2 && entry.ok)).toBe(true);
  });
});

describe("Subscriptions created by API, with trials", () => {
  it("a trial without a card costs nothing now and, with missing_payment_method=cancel, ends canceled", async () => {
    const customer = await stripe.customers.create({ email: "trial@example.com" });
    const price = await monthlyPrice(1500);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 14,
      trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
    });
    expect(sub.status).toBe("trialing");
    expect((sub.trial_end ?? 0) - (sub.trial_start ?? 0)).toBe(14 * DAY);
    expect(sub.items.data[0]?.current_period_end).toBe(sub.trial_end);
    expect(await stripe.invoices.retrieve(String(sub.latest_invoice))).toMatchObject({ total: 0, status: "paid" });
    await control.advanceClock(15 * DAY);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe("canceled");
    await waitFor(() => eventTypes().includes("customer.subscription.deleted"), "the deleted event");
  });

  it("a trial with a card on file is charged when it ends and goes on active", async () => {
    const { customer } = await subscribed(await monthlyPrice(1000));
    const price = await monthlyPrice(2500);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 7,
    });
    await control.advanceClock(8 * DAY);
    const after = await stripe.subscriptions.retrieve(sub.id);
    expect(after.status).toBe("active");
    expect(after.items.data[0]?.current_period_start).toBe(sub.trial_end);
    expect(await stripe.invoices.retrieve(String(after.latest_invoice))).toMatchObject({
      amount_paid: 2500,
      status: "paid",
    });
  });

  it("without a trial or a card: error_if_incomplete is a 402 that creates nothing, allow_incomplete is incomplete", async () => {
    const customer = await stripe.customers.create({});
    const price = await monthlyPrice(1500);
    const refused = await stripe.subscriptions
      .create({ customer: customer.id, items: [{ price: price.id }], payment_behavior: "error_if_incomplete" })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(refused).toMatchObject({ statusCode: 402, code: "card_declined" });
    expect((await stripe.subscriptions.list({ customer: customer.id, status: "all" })).data).toEqual([]);
    const incomplete = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    expect(incomplete.status).toBe("incomplete");
  });
});

describe("Renewals by the sandbox clock", () => {
  it("a period's end renews the subscription: a paid cycle invoice and the next period", async () => {
    const { sub } = await subscribed(await monthlyPrice(1500));
    const end = sub.items.data[0]?.current_period_end ?? 0;
    await control.advanceClock(end - Math.floor(Date.now() / 1000) + 60);
    const renewed = await stripe.subscriptions.retrieve(sub.id);
    expect(renewed.status).toBe("active");
    expect(renewed.items.data[0]?.current_period_start).toBe(end);
    const invoice = await stripe.invoices.retrieve(String(renewed.latest_invoice));
    expect(invoice).toMatchObject({ billing_reason: "subscription_cycle", status: "paid", amount_paid: 1500 });
    await waitFor(
      () =>
        events().some(
          (event) => event.type === "invoice.paid" && (event.data.object as Stripe.Invoice).id === invoice.id,
        ),
      "the renewal's invoice.paid",
    );
  });

  it("a declining card makes the renewal fail: invoice.payment_failed and the subscription past_due", async () => {
    const { customer, sub } = await subscribed(await monthlyPrice(1500));
    await control.setStripeCard(customer.id, "decline");
    await control.advanceClock(32 * DAY);
    const renewed = await stripe.subscriptions.retrieve(sub.id);
    expect(renewed.status).toBe("past_due");
    const invoice = await stripe.invoices.retrieve(String(renewed.latest_invoice));
    expect(invoice).toMatchObject({ status: "open", amount_due: 1500, amount_paid: 0, attempted: true });
    await waitFor(() => eventTypes().includes("invoice.payment_failed"), "invoice.payment_failed");
    const updated = events()
      .filter((event) => event.type === "customer.subscription.updated")
      .at(-1);
    expect((updated?.data.object as Stripe.Subscription).status).toBe("past_due");
  });
});
