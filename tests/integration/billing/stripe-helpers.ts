import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { expect } from "vitest";
import { subscriptions, type Subscription } from "@/db/schema";
import type { ChangeTierResult, SubscriptionSummary } from "@/lib/billing/schemas";
import type { TierName } from "@/lib/billing/tiers";
import { completeCheckout, sandboxControl } from "@/sandbox/testing";
import type { ApiClient } from "../../fixtures/api-client";
import { testDb } from "../../fixtures/test-db";
import { sleep } from "../../fixtures/sleep";
import { testStack } from "../../fixtures/test-stack";

/** Stripe in the test stack's sandbox, read as the app reads it (the official SDK). */
export function sandboxStripe(): Stripe {
  const url = new URL(testStack().sandboxUrl);
  return new Stripe("sk_test_integration", {
    host: url.hostname,
    port: Number(url.port),
    protocol: "http",
    maxNetworkRetries: 0,
  });
}

export const control = () => sandboxControl(testStack().sandboxUrl);

export async function subscriptionRow(userId: string): Promise<Subscription> {
  const [row] = await testDb().select().from(subscriptions).where(eq(subscriptions.workspaceId, userId));
  if (!row) throw new Error(`no subscription for ${userId}`);
  return row;
}

/** Polls until `read` answers something truthy (webhooks arrive in the background), or fails with its last value. */
export async function waitFor<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

export const waitForRow = (userId: string, accept: (row: Subscription) => boolean, what: string) =>
  waitFor(() => subscriptionRow(userId), accept, what);

/** A Stripe-Signature for `body` as Stripe makes it, with the stack's secret unless another is given. */
export function sign(body: string, secret = testStack().env.STRIPE_WEBHOOK_SECRET!): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

export async function postWebhook(body: string, signature: string | null) {
  const response = await fetch(`${testStack().appUrl}/api/billing/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Free → paid as a person does: change-tier answers a Checkout URL, the hosted page is paid with 4242. */
export async function checkoutTo(client: ApiClient, tier: TierName, card = "success" as const) {
  const change = await client.post("/api/subscription/change-tier", { tier, immediate: true });
  expect(change.status).toBe(200);
  const data = change.body.data as ChangeTierResult;
  if (data.outcome !== "checkout") throw new Error(`expected checkout, got ${data.outcome}`);
  const outcome = await completeCheckout(data.checkoutUrl, card);
  if (outcome.kind !== "redirect") throw new Error(`checkout failed: ${outcome.message}`);
  return { checkoutUrl: data.checkoutUrl, location: outcome.location };
}

/** A user on `tier` through Checkout, once the webhooks have applied it. */
export async function paidUser(client: ApiClient, userId: string, tier: TierName) {
  const checkout = await checkoutTo(client, tier);
  const row = await waitForRow(userId, (r) => r.tier === tier && r.stripeSubscriptionId !== null, `${tier} applied`);
  return { ...checkout, row };
}

export const summary = (body: Record<string, unknown>) => body.data as SubscriptionSummary;

/** An event as Stripe sends it, about `object`, with a fresh id, in the SDK's API version unless told. */
export function eventBody(type: string, object: unknown, options: { id?: string; apiVersion?: string } = {}) {
  const { id = `evt_test_${randomBytes(8).toString("hex")}`, apiVersion = Stripe.API_VERSION } = options;
  return JSON.stringify({
    id,
    object: "event",
    api_version: apiVersion,
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
}
