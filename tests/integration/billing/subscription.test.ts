import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatMessages, chats, subscriptions, workspaces } from "@/db/schema";
import {
  SUBSCRIPTION_MESSAGES,
  type SubscriptionCosts,
  type SubscriptionDashboard,
  type SubscriptionSummary,
  type TierInfo,
  type UsageHistoryItem,
} from "@/lib/billing/schemas";
import { tiers } from "@/lib/billing/tiers";
import { registeredClient } from "../../fixtures/api-client";
import { testDb } from "../../fixtures/test-db";
import { addUsage, MB, monthsAgo, setTier, thisMonthUtc } from "./helpers";

const GB = 1024 * MB;

describe("a new user is on Free from registration", () => {
  it("registration writes the Free subscription, and current answers it", async () => {
    const { client, user } = await registeredClient();
    const [row] = await testDb().select().from(subscriptions).where(eq(subscriptions.workspaceId, user.id));
    expect(row).toMatchObject({ tier: "free", status: "active", cancelAtPeriodEnd: false, isTrial: false });

    const before = Date.now();
    const response = await client.get("/api/subscription/current");
    const after = Date.now();
    expect(response.status).toBe(200);
    const data = response.body.data as SubscriptionSummary;
    const { start, end } = thisMonthUtc();
    expect(data).toMatchObject({
      tier: "free",
      tierName: "Free",
      status: "active",
      isTrial: false,
      trialEndsAt: null,
      cancelAtPeriodEnd: false,
      cancelledAt: null,
      pendingTier: null,
      currentPeriodStart: start.toISOString(),
      currentPeriodEnd: end.toISOString(),
    });
    // Whole days left in the month, as at the moment the server answered.
    const daysAt = (at: number) => Math.ceil((end.getTime() - at) / 86_400_000);
    expect([daysAt(before), daysAt(after)]).toContain(data.daysRemaining);
  });

  it("initialize is idempotent and never changes an existing plan", async () => {
    const { client, user } = await registeredClient();
    const first = await client.post("/api/subscription/initialize", {});
    const second = await client.post("/api/subscription/initialize", { tier: "free", startTrial: false });
    expect(first.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(await testDb().select().from(subscriptions).where(eq(subscriptions.workspaceId, user.id))).toHaveLength(1);

    await setTier(user.id, "premium");
    const again = await client.post("/api/subscription/initialize", {});
    expect((again.body.data as SubscriptionSummary).tier).toBe("premium");
  });

  it("initialize creates Free for a user who has no subscription yet (registered before billing)", async () => {
    const { client, user } = await registeredClient();
    await testDb().delete(subscriptions).where(eq(subscriptions.workspaceId, user.id));
    const response = await client.post("/api/subscription/initialize");
    expect(response.status).toBe(200);
    expect((response.body.data as SubscriptionSummary).tier).toBe("free");
    const [row] = await testDb().select().from(subscriptions).where(eq(subscriptions.workspaceId, user.id));
    expect(row?.tier).toBe("free");
  });

  it("a paid plan cannot start from initialize (a trial can: stripe-webhooks.test.ts), and bad bodies are 400 with a sentence", async () => {
    const { client, user } = await registeredClient();
    for (const body of [{ tier: "premium" }, { tier: "standard", startTrial: false }]) {
      const response = await client.post("/api/subscription/initialize", body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: "checkout_required",
        error: SUBSCRIPTION_MESSAGES.paidNeedsCheckout,
      });
    }
    for (const body of [{ tier: "gold" }, { startTrial: "yes" }, [1]]) {
      const response = await client.post("/api/subscription/initialize", body);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/^[A-Za-z].+\.$/);
    }
    const [row] = await testDb().select().from(subscriptions).where(eq(subscriptions.workspaceId, user.id));
    expect(row?.tier).toBe("free");
  });
});

describe("GET /api/subscription/tiers and dashboard", () => {
  it("lists the three plans in tier order with price, currency, limits and features", async () => {
    const { client } = await registeredClient();
    const response = await client.get("/api/subscription/tiers");
    expect(response.status).toBe(200);
    const data = response.body.data as TierInfo[];
    expect(data.map((tier) => [tier.tier, tier.order])).toEqual([
      ["free", 1],
      ["standard", 2],
      ["premium", 3],
    ]);
    expect(data[1]).toMatchObject({
      name: "Standard",
      price: 12.99,
      priceMinor: 1299,
      currency: "GBP",
      limits: tiers.standard.limits,
      features: tiers.standard.features,
    });
    expect(data[2]!.limits.postsPerMonth).toBe(-1);
  });

  it("answers a new user's dashboard: Free, nothing used, £0.00", async () => {
    const { client } = await registeredClient();
    const response = await client.get("/api/subscription/dashboard");
    expect(response.status).toBe(200);
    const data = response.body.data as SubscriptionDashboard;
    expect(data.subscription).toMatchObject({ tier: "free", tierName: "Free", status: "active" });
    expect(data.usage.usage).toEqual({
      aiRequests: { current: 0, limit: 50 },
      posts: { current: 0, limit: 30 },
      storage: { current: 0, limit: 500 },
      teamMembers: { current: 1, limit: 1 },
    });
    expect(data.usage.detailed).toMatchObject({
      openai: { requests: 0, totalTokens: 0, inputTokens: 0, outputTokens: 0 },
      database: { storageGB: 0, storageMB: 0, posts: 0, chatMessages: 0, aiConversations: 0, mediaFiles: 0 },
      costs: { total: "£0.00", openai: "£0.00", storage: "£0.00", overhead: "£0.00", totalMinor: 0 },
    });
    expect(data.tiers).toHaveLength(3);
  });
});

describe("usage, costs and history come from the usage ledger", () => {
  it("usage and costs: this month's AI tokens and the storage held now, priced by spec section 9", async () => {
    const { client, user } = await registeredClient();
    await addUsage(user.id, [
      { kind: "ai_request", quantity: 1, tokensIn: 1_500_000, tokensOut: 500_000 },
      { kind: "ai_request", quantity: 1, tokensIn: 500_000, tokensOut: 500_000 },
      { kind: "media_stored", bytes: 6 * GB },
      { kind: "media_deleted", bytes: 1 * GB },
      // Last month's tokens cost nothing this month.
      { kind: "ai_request", quantity: 1, tokensIn: 9_000_000, tokensOut: 9_000_000, occurredAt: monthsAgo(1, 3) },
    ]);

    const usage = await client.get("/api/subscription/usage");
    expect(usage.status).toBe(200);
    expect(usage.body.data).toMatchObject({
      usage: { aiRequests: { current: 2, limit: 50 }, storage: { current: 5120, limit: 500 } },
      detailed: {
        openai: { requests: 2, inputTokens: 2_000_000, outputTokens: 1_000_000, totalTokens: 3_000_000 },
        database: { storageGB: 5, storageMB: 5120 },
      },
    });

    // AI (2 × 15 + 1 × 60 cents) × 0.79 = 71.1p; 5 GB × 12p = 60p; buffer 20% of 131.1p = 26.22p.
    const costs = await client.get("/api/subscription/costs");
    expect(costs.status).toBe(200);
    const data = costs.body.data as SubscriptionCosts;
    expect(data).toMatchObject({
      currency: "GBP",
      aiRequests: 2,
      inputTokens: 2_000_000,
      outputTokens: 1_000_000,
      storageGB: 5,
      openaiMinor: 71,
      storageMinor: 60,
      overheadMinor: 26,
      totalMinor: 157,
      total: "£1.57",
    });
    expect(data.explanation).toContain("20% infrastructure buffer");
    expect((usage.body.data as SubscriptionDashboard["usage"]).detailed.costs.total).toBe("£1.57");
  });

  it("AI Conversations: Billing's cost breakdown and the dashboard's card count the same chats", async () => {
    const { client, user } = await registeredClient();
    const [first, second] = await testDb()
      .insert(chats)
      .values([
        { userId: user.id, title: "Spring menu" },
        { userId: user.id, title: "Opening hours" },
        // The AI Post Generator's record of its prompts: not a conversation (not in the chat list).
        { userId: user.id, title: "Generated", hidden: true },
      ])
      .returning({ id: chats.id });
    await testDb()
      .insert(chatMessages)
      .values(
        [first!, first!, second!].map((chat, index) => ({
          chatId: chat.id,
          role: index % 2 === 0 ? ("user" as const) : ("assistant" as const),
          content: `Message ${index}`,
        })),
      );
    const usage = (await client.get("/api/subscription/usage")).body.data as SubscriptionDashboard["usage"];
    const activity = (await client.get("/api/analytics/activity")).body.data as { aiConversations: number };
    expect(usage.detailed.database.aiConversations).toBe(2);
    expect(activity.aiConversations).toBe(2);
    expect(usage.detailed.database.chatMessages).toBe(3);
  });

  it("history: one row per month since registration, newest first, storage as it stood at each month's end", async () => {
    const { client, user } = await registeredClient();
    // History starts in the month the workspace was made (the personal one has the person's id).
    await testDb()
      .update(workspaces)
      .set({ createdAt: monthsAgo(2, 4) })
      .where(eq(workspaces.id, user.id));
    await addUsage(user.id, [
      { kind: "ai_request", quantity: 1, tokensIn: 1_000_000, tokensOut: 0, occurredAt: monthsAgo(2, 5) },
      { kind: "post_created", occurredAt: monthsAgo(2, 6) },
      { kind: "post_created", occurredAt: monthsAgo(2, 7) },
      { kind: "media_stored", bytes: 10 * GB, occurredAt: monthsAgo(2, 8) },
      { kind: "media_deleted", bytes: 8 * GB, occurredAt: monthsAgo(1, 1) },
      // Before registration month (e.g. imported): counted in storage, not listed as its own row.
      { kind: "media_stored", bytes: 1 * GB, occurredAt: monthsAgo(5) },
    ]);
    const response = await client.get("/api/subscription/usage/history");
    expect(response.status).toBe(200);
    const data = response.body.data as UsageHistoryItem[];
    expect(data.map((item) => item.period)).toEqual([0, 1, 2].map((back) => monthsAgo(back).toISOString().slice(0, 7)));
    const [current, last, first] = data;
    // 11 GB: 132p storage + 11.85p AI (12p), buffer 28.77p (29p) → £1.73.
    expect(first!.summary).toEqual({
      openai: { requests: 1, inputTokens: 1_000_000, outputTokens: 0 },
      database: { posts: 2, storageGB: 11 },
      costs: { total: "£1.73", totalMinor: 173 },
    });
    // 3 GB: 36p, buffer 7.2p → £0.43.
    expect(last!.summary).toEqual({
      openai: { requests: 0, inputTokens: 0, outputTokens: 0 },
      database: { posts: 0, storageGB: 3 },
      costs: { total: "£0.43", totalMinor: 43 },
    });
    expect(current!.summary.database.storageGB).toBe(3);
    expect(current!.periodStart).toBe(thisMonthUtc().start.toISOString());

    const two = await client.get("/api/subscription/usage/history?limit=2");
    expect((two.body.data as UsageHistoryItem[]).map((item) => item.period)).toEqual(
      data.slice(0, 2).map((i) => i.period),
    );
  });

  it("a new user's history is this month alone; the billing page's 6 and the default 12 both work", async () => {
    const { client } = await registeredClient();
    for (const path of ["/api/subscription/usage/history", "/api/subscription/usage/history?limit=6"]) {
      const response = await client.get(path);
      expect(response.status).toBe(200);
      expect((response.body.data as UsageHistoryItem[]).map((item) => item.period)).toEqual([thisMonthUtc().key]);
    }
  });

  it("a bad history limit is 400 with a sentence", async () => {
    const { client } = await registeredClient();
    for (const limit of ["0", "25", "abc", "1.5", "-1", "", "1e1", "999999999999999999999"]) {
      const response = await client.get(`/api/subscription/usage/history?limit=${encodeURIComponent(limit)}`);
      expect(response.status, limit).toBe(400);
      expect(response.body.error).toBe(SUBSCRIPTION_MESSAGES.historyLimit);
    }
  });
});

describe("one user never sees another's billing", () => {
  it("B's answers hold none of A's usage", async () => {
    const a = await registeredClient();
    const b = await registeredClient();
    await setTier(a.user.id, "premium");
    await addUsage(a.user.id, [
      { kind: "ai_request", quantity: 1, tokensIn: 4_000_000, tokensOut: 4_000_000 },
      { kind: "media_stored", bytes: 3 * GB },
      { kind: "post_created" },
    ]);
    const dashboard = (await b.client.get("/api/subscription/dashboard")).body.data as SubscriptionDashboard;
    expect(dashboard.subscription.tier).toBe("free");
    expect(dashboard.usage.usage.aiRequests.current).toBe(0);
    expect(dashboard.usage.usage.storage.current).toBe(0);
    expect(dashboard.usage.detailed.costs.totalMinor).toBe(0);
    expect(((await b.client.get("/api/subscription/costs")).body.data as SubscriptionCosts).totalMinor).toBe(0);
    const history = (await b.client.get("/api/subscription/usage/history")).body.data as UsageHistoryItem[];
    expect(history.every((item) => item.summary.costs.totalMinor === 0 && item.summary.database.posts === 0)).toBe(
      true,
    );
    expect(((await b.client.get("/api/subscription/current")).body.data as SubscriptionSummary).tier).toBe("free");
    // A's own view does have it.
    expect(((await a.client.get("/api/subscription/costs")).body.data as SubscriptionCosts).totalMinor).toBeGreaterThan(
      0,
    );
  });

  it("every subscription endpoint needs a session", async () => {
    const { ApiClient } = await import("../../fixtures/api-client");
    const anonymous = new ApiClient();
    for (const path of [
      "dashboard",
      "current",
      "tiers",
      "usage",
      "usage/history",
      "costs",
      "check-limit?operation=createPost",
    ])
      expect((await anonymous.get(`/api/subscription/${path}`)).status, path).toBe(401);
    expect((await anonymous.post("/api/subscription/initialize", {})).status).toBe(401);
  });
});
