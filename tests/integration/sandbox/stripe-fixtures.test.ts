import { readFileSync } from "node:fs";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../../sandbox/server";
import { completeCheckout } from "../../../sandbox/testing";

/**
 * The sandbox's Stripe objects against Stripe's own example of each type (its OpenAPI fixtures,
 * `../shared/contracts/stripe.fixtures3.json` beside the repository): every top-level field of the
 * fixture is in the sandbox's answer, as it travels (raw JSON, not the SDK's parsed object), with
 * the same JSON type. Null matches anything: the fixtures are made-up examples that fill nullable
 * fields either way, and which fields may be null is checked at compile time by the SDK's types
 * (sandbox/platforms/stripe/objects.ts).
 */

const FIXTURES = path.resolve(process.cwd(), "../shared/contracts/stripe.fixtures3.json");
const fixtures = (JSON.parse(readFileSync(FIXTURES, "utf8")) as { resources: Record<string, Record<string, unknown>> })
  .resources;

let sandbox: RunningSandbox;
let key: string;

const jsonType = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/** Fields of the fixture missing from `actual`, or of another JSON type, as "field: fixture type ≠ sandbox type". */
function shapeDifferences(fixture: Record<string, unknown>, actual: Record<string, unknown>): string[] {
  return Object.entries(fixture).flatMap(([field, example]) => {
    if (!(field in actual)) return [`${field}: missing`];
    const want = jsonType(example);
    const got = jsonType(actual[field]);
    return want === "null" || got === "null" || want === got ? [] : [`${field}: ${want} ≠ ${got}`];
  });
}

async function raw(method: "GET" | "POST", url: string, form?: Record<string, string>) {
  const response = await fetch(`${sandbox.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/x-www-form-urlencoded" },
    body: form ? new URLSearchParams(form) : undefined,
  });
  expect(response.status, `${method} ${url}`).toBe(200);
  return (await response.json()) as Record<string, unknown> & { id: string };
}

/** One object of each type the app uses, as the sandbox answers it. */
const objects: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  key = "sk_test_fixtures";
  const product = await raw("POST", "/v1/products", { name: "Standard" });
  const price = await raw("POST", "/v1/prices", {
    currency: "gbp",
    unit_amount: "1200",
    "recurring[interval]": "month",
    product: product.id,
  });
  const customer = await raw("POST", "/v1/customers", { email: "shape@example.com" });
  const session = await raw("POST", "/v1/checkout/sessions", {
    mode: "subscription",
    customer: customer.id,
    "line_items[0][price]": price.id,
    "line_items[0][quantity]": "1",
    success_url: "http://app.test/billing?session_id={CHECKOUT_SESSION_ID}",
  });
  expect((await completeCheckout(String(session.url), "success")).kind).toBe("redirect");
  const completed = await raw("GET", `/v1/checkout/sessions/${session.id}`);
  const subscription = await raw("GET", `/v1/subscriptions/${String(completed.subscription)}`);
  const invoice = await raw("GET", `/v1/invoices/${String(subscription.latest_invoice)}`);
  const portal = await raw("POST", "/v1/billing_portal/sessions", { customer: customer.id });
  const events = (await (await fetch(`${sandbox.url}/_control/stripe/events`)).json()) as {
    events: Record<string, unknown>[];
  };
  const event = await raw("GET", `/v1/events/${String(events.events[0]?.id)}`);
  Object.assign(objects, {
    product,
    price,
    customer,
    "checkout.session": completed,
    subscription,
    subscription_item: (subscription.items as { data: Record<string, unknown>[] }).data[0],
    invoice,
    line_item: (invoice.lines as { data: Record<string, unknown>[] }).data[0],
    "billing_portal.session": portal,
    event,
  });
});
afterAll(async () => {
  await sandbox.close();
});

describe("Stripe objects against Stripe's fixtures", () => {
  it("compares the same thing: the fixtures' file is Stripe's, with the types we use", () => {
    for (const type of Object.keys(objects)) expect(fixtures[type], type).toBeDefined();
    expect(shapeDifferences({ a: 1, b: "x", c: null }, { a: "1", c: 3 })).toEqual(["a: number ≠ string", "b: missing"]);
  });

  for (const type of [
    "customer",
    "checkout.session",
    "subscription",
    "subscription_item",
    "invoice",
    "line_item",
    "event",
    "billing_portal.session",
    "price",
    "product",
  ]) {
    it(`${type}: every top-level field of Stripe's fixture, with the same JSON type`, () => {
      const object = objects[type];
      expect(object, type).toBeDefined();
      expect(shapeDifferences(fixtures[type] ?? {}, object ?? {})).toEqual([]);
      expect(object?.object).toBe(fixtures[type]?.object);
    });
  }

  it("events are in the API version the stripe package pins", () => {
    expect(objects.event?.api_version).toBe(Stripe.API_VERSION);
  });
});
