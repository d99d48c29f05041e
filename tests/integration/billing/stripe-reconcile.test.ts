import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { subscriptions } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import { testDb } from "../../fixtures/test-db";
import { control, paidUser, sandboxStripe, subscriptionRow } from "./stripe-helpers";
import { testStack } from "../../fixtures/test-stack";

/**
 * The daily reconcile: a webhook lost for good leaves our row behind Stripe's
 * state; the reconcile reads every paid subscription back from Stripe and applies it.
 */

const stripe = sandboxStripe();

/** Runs the worker's reconcile in this process, on the run's database and sandbox. */
async function reconcileNow(): Promise<{ checked: number; failed: number }> {
  const saved = { ...process.env };
  Object.assign(process.env, testStack().env);
  const { reconcileStripeSubscriptions } = await import("@/lib/billing/server/reconcile");
  const { closeDb } = await import("@/db");
  try {
    return await reconcileStripeSubscriptions();
  } finally {
    await closeDb();
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

afterEach(async () => {
  await fetch(`${testStack().sandboxUrl}/_control/stripe/webhook/faults`, { method: "DELETE" });
});

describe("the daily reconcile", () => {
  it(
    "restores what Stripe says when our row lost a webhook, and leaves a matching row as it is",
    { timeout: 90_000 },
    async () => {
      const { client: drifted, user: driftedUser } = await registeredClient();
      const { row } = await paidUser(drifted, driftedUser.id, "standard");
      const { client: steady, user: steadyUser } = await registeredClient();
      await paidUser(steady, steadyUser.id, "premium");
      const steadyBefore = await subscriptionRow(steadyUser.id);

      // At Stripe the cancellation at period end happened; its webhook is held back past the end of
      // this test (as good as lost), and our row also lost its tier.
      await control().stripeWebhookFault({ kind: "delay", delayMs: 600_000, types: ["customer.subscription.updated"] });
      await stripe.subscriptions.update(row.stripeSubscriptionId!, { cancel_at_period_end: true });
      await testDb()
        .update(subscriptions)
        .set({ tier: "free", cancelAtPeriodEnd: false })
        .where(eq(subscriptions.workspaceId, driftedUser.id));

      const report = await reconcileNow();
      expect(report.failed).toBe(0);
      expect(report.checked).toBeGreaterThanOrEqual(2);
      const after = await subscriptionRow(driftedUser.id);
      expect(after).toMatchObject({ tier: "standard", status: "active", cancelAtPeriodEnd: true });
      expect(after.currentPeriodEnd.getTime()).toBe(row.currentPeriodEnd.getTime());
      const steadyAfter = await subscriptionRow(steadyUser.id);
      expect(steadyAfter).toMatchObject({
        tier: steadyBefore.tier,
        status: steadyBefore.status,
        cancelAtPeriodEnd: steadyBefore.cancelAtPeriodEnd,
        currentPeriodEnd: steadyBefore.currentPeriodEnd,
      });
    },
  );
});
