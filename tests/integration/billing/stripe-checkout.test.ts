import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts } from "@/db/schema";
import { SUBSCRIPTION_MESSAGES, type ChangeTierResult, type SubscriptionChangeResult } from "@/lib/billing/schemas";
import { tiers } from "@/lib/billing/tiers";
import { registeredClient } from "../../fixtures/api-client";
import { connectFacebook } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { control, paidUser, sandboxStripe, subscriptionRow, summary, waitForRow } from "./stripe-helpers";
import { addPostsThisMonth } from "./helpers";

/**
 * Paid plans through Stripe in the sandbox: Checkout on the hosted page,
 * immediate changes charged by proration, a declined card, scheduled changes, cancel and reactivate,
 * and one user never reaching another's subscription.
 */

const stripe = sandboxStripe();

describe("Free → Standard through Stripe Checkout", () => {
  it("the hosted page pays, the webhook applies Standard, and a 31st post this month can be saved", async () => {
    const { client, user } = await registeredClient();
    const { account } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    await addPostsThisMonth(user.id, 30, "Free post");
    const page = { type: "post", pageId: account.pages[0]!.id, platform: "facebook" };
    expect((await client.post("/api/social/posts", { pages: [page], content: "31st on Free" })).status).toBe(403);

    const { location, row } = await paidUser(client, user.id, "standard");
    expect(location.pathname).toBe("/billing");
    expect(location.searchParams.get("checkout")).toBe("success");
    const sessionId = location.searchParams.get("session_id");
    expect(sessionId).toMatch(/^cs_/);
    expect(row).toMatchObject({ tier: "standard", status: "active", cancelAtPeriodEnd: false, pastDueSince: null });

    const current = summary((await client.get("/api/subscription/current")).body);
    expect(current).toMatchObject({ tier: "standard", tierName: "Standard", status: "active", canManagePayment: true });
    const sub = await stripe.subscriptions.retrieve(row.stripeSubscriptionId!);
    expect(current.currentPeriodEnd).toBe(new Date(sub.items.data[0]!.current_period_end * 1000).toISOString());
    expect(sub.items.data[0]!.price.unit_amount).toBe(tiers.standard.priceMinor);

    const saved = await client.post("/api/social/posts", { pages: [page], content: "31st on Standard" });
    expect(saved.status).toBe(201);
    const [total] = await testDb().select({ total: count() }).from(posts).where(eq(posts.workspaceId, user.id));
    expect(total?.total).toBe(31);

    // The return from Checkout reads the session from Stripe; it agrees with the webhook.
    const confirmed = await client.post("/api/subscription/checkout/confirm", { sessionId });
    expect(confirmed.status).toBe(200);
    expect(summary(confirmed.body).tier).toBe("standard");
  });

  it("choosing the current tier changes nothing; Free cannot cancel (409 with a sentence)", async () => {
    const { client, user } = await registeredClient();
    const same = await client.post("/api/subscription/change-tier", { tier: "free", immediate: true });
    expect(same.status).toBe(200);
    expect((same.body.data as ChangeTierResult).outcome).toBe("unchanged");
    const cancel = await client.post("/api/subscription/cancel", { atPeriodEnd: true });
    expect(cancel.status).toBe(409);
    expect(cancel.body).toMatchObject({ success: false, error: SUBSCRIPTION_MESSAGES.freeCannotCancel });
    expect((await subscriptionRow(user.id)).stripeCustomerId).toBeNull();
    const bad = await client.post("/api/subscription/change-tier", { tier: "gold" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(SUBSCRIPTION_MESSAGES.tier);
  });
});

describe("changes of a paid plan", () => {
  it("an immediate upgrade charges the prorated difference, equal to the sandbox invoice's, by the time left", async () => {
    const { client, user } = await registeredClient();
    const { row } = await paidUser(client, user.id, "standard");
    const before = Math.floor(Date.now() / 1000);
    const response = await client.post("/api/subscription/change-tier", { tier: "premium", immediate: true });
    const after = Math.ceil(Date.now() / 1000);
    expect(response.status).toBe(200);
    const data = response.body.data as Extract<ChangeTierResult, { outcome: "changed" }>;
    expect(data.outcome).toBe("changed");
    expect(data.message).toBe(SUBSCRIPTION_MESSAGES.upgraded("Premium"));
    expect(data.subscription).toMatchObject({ tier: "premium", status: "active" });

    const invoices = await stripe.invoices.list({ subscription: row.stripeSubscriptionId!, limit: 10 });
    const proration = invoices.data.find((invoice) => invoice.billing_reason === "subscription_update");
    expect(proration).toBeDefined();
    expect(data.chargedMinor).toBe(proration!.total);
    expect(proration!.status).toBe("paid");
    // As Stripe computes it: credit for the unused Standard time, charge for Premium, to the second.
    const start = row.currentPeriodStart.getTime() / 1000;
    const end = row.currentPeriodEnd.getTime() / 1000;
    const expected = (t: number) =>
      Math.round((tiers.premium.priceMinor * (end - t)) / (end - start)) -
      Math.round((tiers.standard.priceMinor * (end - t)) / (end - start));
    expect(data.chargedMinor).toBeGreaterThan(0);
    expect(data.chargedMinor).toBeLessThanOrEqual(expected(before));
    expect(data.chargedMinor).toBeGreaterThanOrEqual(expected(after));
    expect(await subscriptionRow(user.id)).toMatchObject({ tier: "premium" });
  });

  it("a declined card leaves the plan unchanged and answers 402 with the spec's error and why", async () => {
    const { client, user } = await registeredClient();
    const { row } = await paidUser(client, user.id, "standard");
    await control().setStripeCard(row.stripeCustomerId!, "decline");
    const response = await client.post("/api/subscription/change-tier", { tier: "premium", immediate: true });
    expect(response.status).toBe(402);
    expect(response.body.error).toMatch(new RegExp(`^${SUBSCRIPTION_MESSAGES.changeFailed.replace(/\./g, "\\.")} .+`));
    expect(response.body.error).toMatch(/declined/i);
    expect(await subscriptionRow(user.id)).toMatchObject({ tier: "standard", status: "active" });
    const sub = await stripe.subscriptions.retrieve(row.stripeSubscriptionId!);
    expect(sub.items.data[0]!.price.unit_amount).toBe(tiers.standard.priceMinor);
    expect(summary((await client.get("/api/subscription/current")).body).tier).toBe("standard");
  });

  it("'at end of billing period' keeps the plan until renewal and says which comes next", async () => {
    const { client, user } = await registeredClient();
    const { row } = await paidUser(client, user.id, "premium");
    const response = await client.post("/api/subscription/change-tier", { tier: "standard", immediate: false });
    expect(response.status).toBe(200);
    const data = response.body.data as Extract<ChangeTierResult, { outcome: "scheduled" }>;
    expect(data.outcome).toBe("scheduled");
    expect(data.subscription).toMatchObject({ tier: "premium", pendingTier: "standard" });
    expect(data.message).toMatch(/^Your plan changes to Standard on \d{1,2} [A-Z][a-z]+ \d{4}\.$/);
    expect(await subscriptionRow(user.id)).toMatchObject({ tier: "premium", pendingTier: "standard" });
    // Nothing was charged now: the only invoice is the first one.
    const invoices = await stripe.invoices.list({ subscription: row.stripeSubscriptionId!, limit: 10 });
    expect(invoices.data.filter((invoice) => invoice.billing_reason === "subscription_update")).toHaveLength(0);
  });

  it("with a change waiting for the renewal, an immediate change is prorated from the tier paid for", async () => {
    const { client, user } = await registeredClient();
    const { row } = await paidUser(client, user.id, "premium");
    const scheduled = await client.post("/api/subscription/change-tier", { tier: "standard", immediate: false });
    expect(scheduled.status).toBe(200);
    // The subscription now carries Standard's price for the renewal; Premium is what was paid for.
    const before = Math.floor(Date.now() / 1000);
    const response = await client.post("/api/subscription/change-tier", { tier: "standard", immediate: true });
    const after = Math.ceil(Date.now() / 1000);
    expect(response.status, response.text).toBe(200);
    const data = response.body.data as Extract<ChangeTierResult, { outcome: "changed" }>;
    expect(data.subscription).toMatchObject({ tier: "standard", pendingTier: null });
    // A downgrade credits the unused Premium time (it was 0 when Stripe prorated Standard → Standard).
    const start = row.currentPeriodStart.getTime() / 1000;
    const end = row.currentPeriodEnd.getTime() / 1000;
    const expected = (t: number) =>
      Math.round((tiers.standard.priceMinor * (end - t)) / (end - start)) -
      Math.round((tiers.premium.priceMinor * (end - t)) / (end - start));
    expect(data.chargedMinor).toBeLessThan(0);
    expect(data.chargedMinor).toBeGreaterThanOrEqual(expected(before));
    expect(data.chargedMinor).toBeLessThanOrEqual(expected(after));
    const sub = await stripe.subscriptions.retrieve(row.stripeSubscriptionId!);
    expect(sub.items.data[0]!.price.unit_amount).toBe(tiers.standard.priceMinor);
    expect(await subscriptionRow(user.id)).toMatchObject({ tier: "standard", pendingTier: null });
  });

  it("with a change waiting for the renewal, a declined immediate change leaves it waiting", async () => {
    const { client, user } = await registeredClient();
    const { row } = await paidUser(client, user.id, "standard");
    expect((await client.post("/api/subscription/change-tier", { tier: "premium", immediate: false })).status).toBe(
      200,
    );
    await control().setStripeCard(row.stripeCustomerId!, "decline");
    const response = await client.post("/api/subscription/change-tier", { tier: "premium", immediate: true });
    expect(response.status).toBe(402);
    const sub = await stripe.subscriptions.retrieve(row.stripeSubscriptionId!);
    expect(sub.items.data[0]!.price.unit_amount).toBe(tiers.premium.priceMinor);
    expect(summary((await client.get("/api/subscription/current")).body)).toMatchObject({
      tier: "standard",
      pendingTier: "premium",
    });
  });

  it("with a change waiting for the renewal, cancelling at period end makes Free the next plan", async () => {
    const { client, user } = await registeredClient();
    const { row } = await paidUser(client, user.id, "premium");
    expect((await client.post("/api/subscription/change-tier", { tier: "standard", immediate: false })).status).toBe(
      200,
    );
    const response = await client.post("/api/subscription/change-tier", { tier: "free", immediate: false });
    expect(response.status, response.text).toBe(200);
    const data = response.body.data as Extract<ChangeTierResult, { outcome: "scheduled" }>;
    expect(data.subscription).toMatchObject({ tier: "premium", pendingTier: "free", cancelAtPeriodEnd: true });
    const sub = await stripe.subscriptions.retrieve(row.stripeSubscriptionId!);
    expect(sub.cancel_at_period_end).toBe(true);
    expect(sub.items.data[0]!.price.unit_amount).toBe(tiers.premium.priceMinor);
    expect(await subscriptionRow(user.id)).toMatchObject({ tier: "premium", pendingTier: "free" });
  });

  it("while a cancellation is scheduled, choosing a paid plan is refused (409) and changes nothing", async () => {
    const { client, user } = await registeredClient();
    const { row } = await paidUser(client, user.id, "standard");
    expect((await client.post("/api/subscription/cancel", { atPeriodEnd: true })).status).toBe(200);
    for (const immediate of [true, false]) {
      const response = await client.post("/api/subscription/change-tier", { tier: "premium", immediate });
      expect(response.status).toBe(409);
      expect(response.body.error).toBe(SUBSCRIPTION_MESSAGES.cancellationScheduled);
    }
    const sub = await stripe.subscriptions.retrieve(row.stripeSubscriptionId!);
    expect(sub.cancel_at_period_end).toBe(true);
    expect(sub.items.data[0]!.price.unit_amount).toBe(tiers.standard.priceMinor);
    const invoices = await stripe.invoices.list({ subscription: row.stripeSubscriptionId!, limit: 10 });
    expect(invoices.data.filter((invoice) => invoice.billing_reason === "subscription_update")).toHaveLength(0);
    expect(await subscriptionRow(user.id)).toMatchObject({ tier: "standard", cancelAtPeriodEnd: true });
  });

  it("cancel at period end sets cancelAtPeriodEnd; reactivate undoes it; cancel now returns to Free", async () => {
    const { client, user } = await registeredClient();
    const { row } = await paidUser(client, user.id, "standard");
    const cancel = await client.post("/api/subscription/cancel", { atPeriodEnd: true, reason: "Too expensive" });
    expect(cancel.status).toBe(200);
    const cancelled = cancel.body.data as SubscriptionChangeResult;
    expect(cancelled.message).toBe(SUBSCRIPTION_MESSAGES.cancelAtPeriodEnd);
    expect(cancelled.subscription).toMatchObject({ tier: "standard", cancelAtPeriodEnd: true });
    expect(cancelled.subscription.cancelledAt).not.toBeNull();
    expect((await stripe.subscriptions.retrieve(row.stripeSubscriptionId!)).cancel_at_period_end).toBe(true);
    expect(await subscriptionRow(user.id)).toMatchObject({ cancelAtPeriodEnd: true, cancelReason: "Too expensive" });

    const reactivate = await client.post("/api/subscription/reactivate");
    expect(reactivate.status).toBe(200);
    const reactivated = reactivate.body.data as SubscriptionChangeResult;
    expect(reactivated.message).toBe(SUBSCRIPTION_MESSAGES.reactivated);
    expect(reactivated.subscription).toMatchObject({ tier: "standard", cancelAtPeriodEnd: false, cancelledAt: null });
    expect((await stripe.subscriptions.retrieve(row.stripeSubscriptionId!)).cancel_at_period_end).toBe(false);
    expect((await client.post("/api/subscription/reactivate")).status).toBe(409);

    const now = await client.post("/api/subscription/cancel", { atPeriodEnd: false });
    expect(now.status).toBe(200);
    expect((now.body.data as SubscriptionChangeResult).message).toBe(SUBSCRIPTION_MESSAGES.cancelledImmediately);
    expect((now.body.data as SubscriptionChangeResult).subscription).toMatchObject({ tier: "free", status: "active" });
    expect((await stripe.subscriptions.retrieve(row.stripeSubscriptionId!)).status).toBe("canceled");
    // The deleted event that follows changes nothing more.
    await waitForRow(user.id, (r) => r.tier === "free" && r.stripeSubscriptionId === null, "Free after cancel");
  });

  it("the portal link opens a Stripe customer portal session for the owner's customer", async () => {
    const { client, user } = await registeredClient();
    const response = await client.post("/api/subscription/portal");
    expect(response.status).toBe(200);
    const { url } = response.body.data as { url: string };
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const row = await subscriptionRow(user.id);
    expect(row.stripeCustomerId).toMatch(/^cus_/);
    expect((await stripe.customers.retrieve(row.stripeCustomerId!)) as { email?: string }).toMatchObject({
      email: user.email,
    });
  });
});

describe("one user never reaches another's subscription", () => {
  it("B reads only B's plan, cannot confirm A's checkout, cancel or change A's subscription", async () => {
    const a = await registeredClient();
    const b = await registeredClient();
    const { location, row } = await paidUser(a.client, a.user.id, "standard");
    const sessionId = location.searchParams.get("session_id");

    expect(summary((await b.client.get("/api/subscription/current")).body)).toMatchObject({ tier: "free" });
    const confirm = await b.client.post("/api/subscription/checkout/confirm", { sessionId });
    expect(confirm.status).toBe(404);
    expect((await b.client.post("/api/subscription/cancel", { atPeriodEnd: false })).status).toBe(409);
    const change = await b.client.post("/api/subscription/change-tier", { tier: "premium", immediate: true });
    expect((change.body.data as ChangeTierResult).outcome).toBe("checkout");
    const portal = await b.client.post("/api/subscription/portal");
    expect(portal.status).toBe(200);

    const after = await subscriptionRow(a.user.id);
    expect(after).toMatchObject({ tier: "standard", status: "active", cancelAtPeriodEnd: false });
    expect(after.stripeSubscriptionId).toBe(row.stripeSubscriptionId);
    expect((await subscriptionRow(b.user.id)).stripeCustomerId).not.toBe(row.stripeCustomerId);
    expect((await stripe.subscriptions.retrieve(row.stripeSubscriptionId!)).status).toBe("active");
  });

  it("without a session every subscription call is 401", async () => {
    const { ApiClient } = await import("../../fixtures/api-client");
    const anonymous = new ApiClient();
    for (const path of ["change-tier", "cancel", "reactivate", "portal", "checkout/confirm"])
      expect((await anonymous.post(`/api/subscription/${path}`, {})).status).toBe(401);
  });
});
