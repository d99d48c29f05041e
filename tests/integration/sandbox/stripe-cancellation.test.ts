import { createServer, type Server } from "node:http";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../../sandbox/server";
import { completeCheckout, sandboxControl } from "../../../sandbox/testing";
import { sleep } from "../../fixtures/sleep";

/**
 * Stripe's cancellations in the sandbox, driven by the official SDK: billing_mode on every
 * subscription, cancel_at and cancel_at_period_end as Stripe takes (and refuses) them, the customer
 * portal scheduling and undoing a cancellation as flexible and classic billing mode record it, and
 * webhook deliveries labelled with their endpoint's API version.
 */

let sandbox: RunningSandbox;
let control: ReturnType<typeof sandboxControl>;
let stripe: Stripe;
let receiver: Server;
let receiverUrl: string;
let received: string[] = [];
let testRun = 0;

const SECRET = "whsec_sandbox_stripe_cancellation_secret";
const DAY = 86_400;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  control = sandboxControl(sandbox.url);
  const url = new URL(sandbox.url);
  stripe = new Stripe("sk_test_sandbox", { host: url.hostname, port: Number(url.port), protocol: "http" });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.url === `/webhook/${testRun}`) received.push(Buffer.concat(chunks).toString());
      response.writeHead(200).end();
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
  testRun += 1;
  await control.setStripeWebhook({
    url: `${receiverUrl}/${testRun}`,
    secret: SECRET,
    retryDelayMs: 50,
    apiVersion: Stripe.API_VERSION,
  });
});

async function waitFor<T>(read: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** The events delivered so far, as the endpoint received them. */
const delivered = () => received.map((body) => JSON.parse(body) as Stripe.Event);

async function subscription(billingMode?: "classic" | "flexible") {
  const price = await stripe.prices.create({
    currency: "gbp",
    unit_amount: 1200,
    recurring: { interval: "month" },
    product_data: { name: "Plan" },
  });
  const customer = await stripe.customers.create({ email: "owner@example.com" });
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: "http://app.test/billing?session_id={CHECKOUT_SESSION_ID}",
    ...(billingMode ? { subscription_data: { billing_mode: { type: billingMode } } } : {}),
  });
  expect((await completeCheckout(session.url ?? "", "success")).kind).toBe("redirect");
  const done = await stripe.checkout.sessions.retrieve(session.id);
  return { customer, sub: await stripe.subscriptions.retrieve(String(done.subscription)) };
}

const periodEnd = (sub: Stripe.Subscription) => sub.items.data[0]!.current_period_end;

async function portalForm(portalUrl: string, action: "cancel" | "renew", subscriptionId: string) {
  return fetch(`${portalUrl}/${action}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ subscription: subscriptionId }),
    redirect: "manual",
  });
}

describe("billing_mode", () => {
  it("new subscriptions are flexible unless classic is asked (Stripe's default since 2025-09-30.clover)", async () => {
    const { sub } = await subscription();
    expect(sub.billing_mode).toMatchObject({ type: "flexible", flexible: { proration_discounts: "included" } });
    const { sub: classic } = await subscription("classic");
    expect(classic.billing_mode).toEqual({ type: "classic", flexible: null });
  });
});

describe("cancel_at and cancel_at_period_end", () => {
  it("cancel_at schedules the end at a date, cancel_at='' removes it; cancel_at_period_end stays false", async () => {
    const { sub } = await subscription();
    const at = periodEnd(sub) - 5 * DAY;
    const scheduled = await stripe.subscriptions.update(sub.id, { cancel_at: at });
    expect(scheduled).toMatchObject({ cancel_at: at, cancel_at_period_end: false });
    expect(scheduled.canceled_at).not.toBeNull();
    expect(scheduled.cancellation_details?.reason).toBe("cancellation_requested");
    const undone = await stripe.subscriptions.update(sub.id, { cancel_at: "" });
    expect(undone).toMatchObject({ cancel_at: null, cancel_at_period_end: false, canceled_at: null });
  });

  it("min_period_end resolves to the period's end on a flexible subscription and is refused on a classic one", async () => {
    const { sub } = await subscription();
    expect((await stripe.subscriptions.update(sub.id, { cancel_at: "min_period_end" })).cancel_at).toBe(periodEnd(sub));
    const { sub: classic } = await subscription("classic");
    await expect(stripe.subscriptions.update(classic.id, { cancel_at: "max_period_end" })).rejects.toMatchObject({
      statusCode: 400,
      param: "cancel_at",
    });
  });

  it("cancel_at together with cancel_at_period_end, or in the past, is refused and changes nothing", async () => {
    const { sub } = await subscription();
    await expect(
      stripe.subscriptions.update(sub.id, { cancel_at: periodEnd(sub), cancel_at_period_end: false }),
    ).rejects.toMatchObject({ statusCode: 400, param: "cancel_at" });
    await expect(stripe.subscriptions.update(sub.id, { cancel_at: 1_000_000 })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({ cancel_at: null, cancel_at_period_end: false });
  });

  it("a subscription with cancel_at inside its period ends then when the clock passes it", async () => {
    const { sub } = await subscription();
    const at = periodEnd(sub) - 10 * DAY;
    await stripe.subscriptions.update(sub.id, { cancel_at: at });
    await control.advanceClock(periodEnd(sub) - sub.created - 9 * DAY);
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({ status: "canceled", ended_at: at });
  });
});

describe("the customer portal's cancellation", () => {
  it("flexible: the portal records cancel_at at the period's end and its undo clears it, each sent as customer.subscription.updated", async () => {
    const { customer, sub } = await subscription();
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: "http://app.test/billing",
    });
    expect((await portalForm(portal.url, "cancel", sub.id)).status).toBe(302);
    const cancelled = await stripe.subscriptions.retrieve(sub.id);
    expect(cancelled).toMatchObject({ cancel_at: periodEnd(sub), cancel_at_period_end: false });
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain(`id="portal-renew-${sub.id}"`);
    expect((await portalForm(portal.url, "renew", sub.id)).status).toBe(302);
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({ cancel_at: null, cancel_at_period_end: false });

    const updates = await waitFor(() => {
      const events = delivered().filter((event) => event.type === "customer.subscription.updated");
      return events.length >= 2 ? events : undefined;
    }, "two customer.subscription.updated");
    const [scheduled, renewed] = updates;
    expect(scheduled?.data.previous_attributes).toMatchObject({ cancel_at: null, canceled_at: null });
    expect(scheduled?.data.object).toMatchObject({ id: sub.id, cancel_at: periodEnd(sub) });
    expect(renewed?.data.previous_attributes).toMatchObject({ cancel_at: periodEnd(sub) });
    expect(renewed?.data.object).toMatchObject({ id: sub.id, cancel_at: null });
  });

  it("classic: the portal records cancel_at_period_end", async () => {
    const { customer, sub } = await subscription("classic");
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id });
    await portalForm(portal.url, "cancel", sub.id);
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: periodEnd(sub),
    });
  });

  it("another customer's subscription, or a second cancel, is refused with 400 and changes nothing", async () => {
    const { customer } = await subscription();
    const { sub: other } = await subscription();
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id });
    expect((await portalForm(portal.url, "cancel", other.id)).status).toBe(400);
    expect((await stripe.subscriptions.retrieve(other.id)).cancel_at).toBeNull();
    expect((await portalForm(portal.url, "renew", "sub_missing")).status).toBe(400);
  });
});

describe("webhook API version", () => {
  it("each delivery carries the api_version of the endpoint it is sent to", async () => {
    await control.setStripeWebhook({ apiVersion: "2025-09-30.clover" });
    await stripe.customers.create({ email: "v@example.com" });
    const [event] = await waitFor(() => (received.length ? delivered() : undefined), "a delivery");
    expect(event?.api_version).toBe("2025-09-30.clover");
    await expect(control.setStripeWebhook({ apiVersion: "latest" })).rejects.toThrow();
  });
});
