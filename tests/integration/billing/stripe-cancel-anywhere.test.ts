import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import type { SubscriptionChangeResult } from "@/lib/billing/schemas";
import { registeredClient } from "../../fixtures/api-client";
import {
  eventBody,
  paidUser,
  postWebhook,
  sandboxStripe,
  sign,
  subscriptionRow,
  summary,
  waitForRow,
} from "./stripe-helpers";
import { testStack } from "../../fixtures/test-stack";

/**
 * A cancellation scheduled anywhere (our Billing page, Stripe's Customer Portal, the API with
 * cancel_at) shows as scheduled with its date and is undone by 'Reactivate Subscription'; invoice
 * events whose subscription cannot be found are reported, and events in another API version are
 * named in the log.
 */

const stripe = sandboxStripe();

const periodEndOf = async (subscriptionId: string) =>
  (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.current_period_end;

/** The portal's own form, as the customer submits it on Stripe's page. */
async function inPortal(portalUrl: string, action: "cancel" | "renew", subscriptionId: string) {
  const answer = await fetch(`${portalUrl}/${action}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ subscription: subscriptionId }),
    redirect: "manual",
  });
  expect(answer.status).toBe(302);
}

describe("a cancellation scheduled anywhere", () => {
  it("one scheduled in the Customer Portal (flexible: cancel_at only) shows with its date; reactivating clears it", async () => {
    const { client, user } = await registeredClient();
    const { row } = await paidUser(client, user.id, "standard");
    const subId = row.stripeSubscriptionId!;
    const portal = await client.post("/api/subscription/portal");
    expect(portal.status).toBe(200);
    await inPortal((portal.body.data as { url: string }).url, "cancel", subId);
    const end = await periodEndOf(subId);
    expect(await stripe.subscriptions.retrieve(subId)).toMatchObject({ cancel_at: end, cancel_at_period_end: false });

    await waitForRow(user.id, (r) => r.cancelAtPeriodEnd, "the portal's cancellation applied");
    const shown = summary((await client.get("/api/subscription/current")).body);
    expect(shown).toMatchObject({ tier: "standard", cancelAtPeriodEnd: true, pendingTier: "free" });
    expect(shown.cancelAt).toBe(new Date(end * 1000).toISOString());
    // The plans are locked while it waits, as for one made on our Billing page.
    expect((await client.post("/api/subscription/change-tier", { tier: "premium", immediate: true })).status).toBe(409);

    const reactivate = await client.post("/api/subscription/reactivate");
    expect(reactivate.status).toBe(200);
    const reactivated = reactivate.body.data as SubscriptionChangeResult;
    expect(reactivated.subscription).toMatchObject({ cancelAtPeriodEnd: false, cancelAt: null, pendingTier: null });
    expect(await stripe.subscriptions.retrieve(subId)).toMatchObject({ cancel_at: null, cancel_at_period_end: false });
    expect(await subscriptionRow(user.id)).toMatchObject({ cancelAtPeriodEnd: false, cancelAt: null });
  });

  it("one set through the API with cancel_at before the period's end shows that date, not the period's end", async () => {
    const { client, user } = await registeredClient();
    const { row } = await paidUser(client, user.id, "standard");
    const subId = row.stripeSubscriptionId!;
    const at = (await periodEndOf(subId)) - 7 * 86_400;
    await stripe.subscriptions.update(subId, { cancel_at: at });
    await waitForRow(user.id, (r) => r.cancelAt?.getTime() === at * 1000, "cancel_at applied");
    expect(summary((await client.get("/api/subscription/current")).body)).toMatchObject({
      cancelAtPeriodEnd: true,
      cancelAt: new Date(at * 1000).toISOString(),
    });
    expect((await client.post("/api/subscription/reactivate")).status).toBe(200);
    expect((await stripe.subscriptions.retrieve(subId)).cancel_at).toBeNull();
  });

  it("one made on our Billing page (cancel_at_period_end) is still undone by reactivating", async () => {
    const { client, user } = await registeredClient();
    const { row } = await paidUser(client, user.id, "standard");
    expect((await client.post("/api/subscription/cancel", { atPeriodEnd: true })).status).toBe(200);
    const shown = summary((await client.get("/api/subscription/current")).body);
    expect(shown.cancelAt).toBe(new Date((await periodEndOf(row.stripeSubscriptionId!)) * 1000).toISOString());
    expect((await client.post("/api/subscription/reactivate")).status).toBe(200);
    expect(await stripe.subscriptions.retrieve(row.stripeSubscriptionId!)).toMatchObject({
      cancel_at: null,
      cancel_at_period_end: false,
    });
  });
});

describe("invoice events whose subscription cannot be found", () => {
  it("are answered 'unmatched' (not silently ignored) and change nothing", async () => {
    const { client, user } = await registeredClient();
    const { row } = await paidUser(client, user.id, "standard");
    const invoice = (await stripe.invoices.list({ customer: row.stripeCustomerId!, limit: 1 })).data[0]!;
    const noParent = eventBody("invoice.paid", { ...invoice, parent: null });
    expect((await postWebhook(noParent, sign(noParent))).body).toMatchObject({ outcome: "unmatched" });
    const gone = eventBody("invoice.payment_failed", {
      ...invoice,
      parent: { type: "subscription_details", subscription_details: { subscription: "sub_missing", metadata: {} } },
    });
    const answer = await postWebhook(gone, sign(gone));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ outcome: "unmatched" });
    expect(await subscriptionRow(user.id)).toMatchObject({ tier: "standard", status: "active" });
  });

  it("are logged as errors naming the event, and so is an event in another API version", async () => {
    const { client, user } = await registeredClient();
    const { row } = await paidUser(client, user.id, "standard");
    const invoice = (await stripe.invoices.list({ customer: row.stripeCustomerId!, limit: 1 })).data[0]!;
    const saved = { ...process.env };
    Object.assign(process.env, testStack().env);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { handleStripeEvent } = await import("@/lib/billing/server/webhook");
    const { closeDb } = await import("@/db");
    try {
      const orphan = JSON.parse(eventBody("invoice.paid", { ...invoice, parent: null })) as Stripe.Event;
      expect(await handleStripeEvent(orphan)).toBe("unmatched");
      expect(errors).toHaveBeenCalledWith(expect.stringContaining(`invoice.paid ${orphan.id}`));
      const old = JSON.parse(eventBody("invoice.paid", invoice, { apiVersion: "2024-06-20" })) as Stripe.Event;
      expect(await handleStripeEvent(old)).toBe("applied");
      expect(errors).toHaveBeenCalledWith(expect.stringContaining(`${old.id} is in API version 2024-06-20`));
    } finally {
      errors.mockRestore();
      await closeDb();
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });
});
