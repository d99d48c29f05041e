import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { stripeEvents, subscriptions } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import { testDb } from "../../fixtures/test-db";
import {
  checkoutTo,
  control,
  eventBody,
  paidUser,
  postWebhook,
  sandboxStripe,
  sign,
  subscriptionRow,
  summary,
  waitFor,
  waitForRow,
} from "./stripe-helpers";
import { testStack } from "../../fixtures/test-stack";
import { addPostsThisMonth } from "./helpers";

/**
 * Webhooks are the truth about payment: signature over the raw body, each event
 * applied once, any order ending in Stripe's state, a failed renewal past due with grace, a trial
 * without a card ending on Free.
 */

const stripe = sandboxStripe();
const DAY = 86_400;

afterEach(async () => {
  await fetch(`${testStack().sandboxUrl}/_control/stripe/webhook/faults`, { method: "DELETE" });
});

/** The sandbox's deliveries of events about `customerId`, in the order they were attempted. */
async function deliveriesFor(customerId: string) {
  const all = await control().stripeDeliveries();
  const mine = [];
  for (const delivery of all) {
    const event = await stripe.events.retrieve(delivery.eventId);
    const object = event.data.object as { customer?: string | null };
    if (object.customer === customerId) mine.push(delivery);
  }
  return mine;
}

describe("POST /api/billing/webhook", () => {
  it("a wrong or missing signature is 400 and changes nothing", async () => {
    const { client, user } = await registeredClient();
    const { row } = await paidUser(client, user.id, "standard");
    const sub = await stripe.subscriptions.retrieve(row.stripeSubscriptionId!);
    const body = eventBody("customer.subscription.updated", sub);
    const id = (JSON.parse(body) as { id: string }).id;
    const wrong = await postWebhook(body, sign(body, "whsec_not_the_secret"));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, code: "invalid_signature" });
    expect((await postWebhook(body, null)).status).toBe(400);
    const tampered = await postWebhook(body.replace("updated", "deleted"), sign(body));
    expect(tampered.status).toBe(400);
    expect(await testDb().select().from(stripeEvents).where(eq(stripeEvents.id, id))).toHaveLength(0);
    // A correctly signed copy is accepted.
    expect((await postWebhook(body, sign(body))).status).toBe(200);
    expect(await testDb().select().from(stripeEvents).where(eq(stripeEvents.id, id))).toHaveLength(1);
  });

  it("a bad signature on an event that would end the plan leaves the plan as it is", async () => {
    const { client, user } = await registeredClient();
    const { row } = await paidUser(client, user.id, "premium");
    const sub = await stripe.subscriptions.retrieve(row.stripeSubscriptionId!);
    const body = eventBody("customer.subscription.deleted", { ...sub, status: "canceled" });
    expect((await postWebhook(body, sign(body, "whsec_wrong"))).status).toBe(400);
    expect(await subscriptionRow(user.id)).toMatchObject({
      tier: "premium",
      status: "active",
      stripeSubscriptionId: row.stripeSubscriptionId,
    });
  });

  it("the same event twice is applied once", async () => {
    const { client, user } = await registeredClient();
    const { row } = await paidUser(client, user.id, "standard");
    const sub = await stripe.subscriptions.retrieve(row.stripeSubscriptionId!);
    const body = eventBody("customer.subscription.updated", sub);
    const id = (JSON.parse(body) as { id: string }).id;
    const [first, second] = await Promise.all([postWebhook(body, sign(body)), postWebhook(body, sign(body))]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.outcome, second.body.outcome].sort()).toEqual(["applied", "duplicate"]);
    expect(await testDb().select().from(stripeEvents).where(eq(stripeEvents.id, id))).toHaveLength(1);
    const third = await postWebhook(body, sign(body));
    expect(third.body.outcome).toBe("duplicate");
  });

  it("the sandbox's duplicate delivery of checkout.session.completed is applied once", async () => {
    const { client, user } = await registeredClient();
    await control().stripeWebhookFault({ kind: "duplicate", types: ["checkout.session.completed"] });
    const { row } = await paidUser(client, user.id, "standard");
    const copies = await waitFor(
      async () =>
        (await deliveriesFor(row.stripeCustomerId!)).filter((d) => d.type === "checkout.session.completed" && d.ok),
      (list) => list.length >= 2,
      "both copies delivered",
    );
    const ids = [...new Set(copies.map((d) => d.eventId))];
    expect(ids).toHaveLength(1);
    const applied = await testDb().select().from(stripeEvents).where(inArray(stripeEvents.id, ids));
    expect(applied).toHaveLength(1);
    expect(await subscriptionRow(user.id)).toMatchObject({ tier: "standard", status: "active" });
  });

  it("'subscription updated' before 'checkout completed' ends in the right state", async () => {
    const { client, user } = await registeredClient();
    await control().stripeWebhookFault({ kind: "out_of_order", types: ["checkout.session.completed"] });
    await checkoutTo(client, "premium");
    const row = await waitForRow(user.id, (r) => r.tier === "premium", "premium applied");
    const mine = await waitFor(
      () => deliveriesFor(row.stripeCustomerId!),
      (list) => list.some((d) => d.type === "checkout.session.completed" && d.ok),
      "checkout.session.completed delivered",
    );
    const order = mine.map((d) => d.type);
    expect(order).toContain("customer.subscription.created");
    expect(order.indexOf("customer.subscription.created")).toBeLessThan(order.indexOf("checkout.session.completed"));
    expect(await subscriptionRow(user.id)).toMatchObject({
      tier: "premium",
      status: "active",
      cancelAtPeriodEnd: false,
    });
  });
});

describe("renewals on the sandbox clock", () => {
  it("a failed renewal makes it past due with grace, then the Free limits apply; a trial without a card ends on Free", async () => {
    const { client, user } = await registeredClient();
    const { row } = await paidUser(client, user.id, "standard");
    await control().setStripeCard(row.stripeCustomerId!, "decline");
    const trial = await registeredClient();
    const started = await trial.client.post("/api/subscription/initialize", { startTrial: true });
    expect(started.status).toBe(200);
    expect(summary(started.body)).toMatchObject({ tier: "standard", status: "trialing", isTrial: true });
    expect((await trial.client.post("/api/subscription/initialize", { startTrial: true })).status).toBe(200);

    const end = row.currentPeriodEnd.getTime() / 1000;
    const advance = Math.max(end - Date.now() / 1000 + 60, 15 * DAY + 60);
    await control().advanceClock(advance);
    try {
      const pastDue = await waitForRow(user.id, (r) => r.status === "past_due", "past due");
      expect(pastDue.tier).toBe("standard");
      expect(pastDue.graceEndsAt!.getTime() - pastDue.pastDueSince!.getTime()).toBe(7 * DAY * 1000);
      const current = summary((await client.get("/api/subscription/current")).body);
      expect(current).toMatchObject({ status: "past_due", graceEndsAt: pastDue.graceEndsAt!.toISOString() });

      // In the grace period the paid limits hold: a 31st post is allowed.
      await addPostsThisMonth(user.id, 30);
      const check = () => client.get("/api/subscription/check-limit?operation=createPost");
      expect((await check()).body).toMatchObject({ allowed: true });
      // The grace period passes (the app's own clock cannot be moved): the Free limits apply.
      await testDb()
        .update(subscriptions)
        .set({ graceEndsAt: new Date(Date.now() - 1000) })
        .where(eq(subscriptions.workspaceId, user.id));
      expect((await check()).body).toMatchObject({ allowed: false });

      await waitForRow(trial.user.id, (r) => r.tier === "free" && r.stripeSubscriptionId === null, "trial ended");
      const ended = summary((await trial.client.get("/api/subscription/current")).body);
      expect(ended).toMatchObject({ tier: "free", status: "active", isTrial: false });
      const again = await trial.client.post("/api/subscription/initialize", { startTrial: true });
      expect(again.status).toBe(409);
    } finally {
      await control().advanceClock(-advance);
    }
  });
});
