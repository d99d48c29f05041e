import { bigint, boolean, index, integer, jsonb, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";
import { createdAt, timestamptz, updatedAt } from "./columns";

export const subscriptionTierEnum = pgEnum("subscription_tier", ["free", "standard", "premium"]);
export type SubscriptionTier = (typeof subscriptionTierEnum.enumValues)[number];

export const subscriptionStatusEnum = pgEnum("subscription_status", ["active", "trialing", "cancelled", "past_due"]);
export type SubscriptionStatus = (typeof subscriptionStatusEnum.enumValues)[number];

export const usageKindEnum = pgEnum("usage_kind", [
  "ai_request",
  "post_created",
  "media_stored",
  "media_deleted",
  "chat_message",
]);
export type UsageKind = (typeof usageKindEnum.enumValues)[number];

/** At most one per workspace. The current period bounds the monthly usage limits. */
export const subscriptions = pgTable("subscriptions", {
  id: uuid("id").primaryKey().defaultRandom(),
  workspaceId: text("workspace_id")
    .notNull()
    .unique()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  tier: subscriptionTierEnum("tier").notNull().default("free"),
  status: subscriptionStatusEnum("status").notNull().default("active"),
  isTrial: boolean("is_trial").notNull().default(false),
  trialEndsAt: timestamptz("trial_ends_at"),
  currentPeriodStart: timestamptz("current_period_start").notNull().defaultNow(),
  currentPeriodEnd: timestamptz("current_period_end").notNull(),
  /** A cancellation is scheduled, however it was made (cancel_at_period_end or cancel_at in Stripe). */
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  /** When the scheduled cancellation ends the plan; null when none is scheduled. */
  cancelAt: timestamptz("cancel_at"),
  cancelledAt: timestamptz("cancelled_at"),
  cancelReason: text("cancel_reason"),
  /** A downgrade that takes effect at currentPeriodEnd; null when none is pending. */
  pendingTier: subscriptionTierEnum("pending_tier"),
  /** The Stripe customer, created at the first checkout, trial or portal visit. */
  stripeCustomerId: text("stripe_customer_id").unique(),
  /** The Stripe subscription the paid plan comes from; null on Free. */
  stripeSubscriptionId: text("stripe_subscription_id").unique(),
  /** When Stripe first reported the subscription past due; the Free limits apply from graceEndsAt. */
  pastDueSince: timestamptz("past_due_since"),
  graceEndsAt: timestamptz("grace_ends_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Append-only usage ledger; limits and the usage dashboard sum it over the current period. Storage
 * is media_stored bytes minus media_deleted bytes.
 */
export const usageRecords = pgTable(
  "usage_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: usageKindEnum("kind").notNull(),
    quantity: integer("quantity").notNull().default(1),
    tokensIn: integer("tokens_in").notNull().default(0),
    tokensOut: integer("tokens_out").notNull().default(0),
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
    occurredAt: timestamptz("occurred_at").notNull().defaultNow(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
  },
  // Limit checks and usage history: one user's records of one kind in a period.
  (t) => [index("usage_records_workspace_kind_occurred_idx").on(t.workspaceId, t.kind, t.occurredAt)],
);

/** Plan changes and charges, for the billing history. Amounts in minor units; negative is a refund. */
export const billingEvents = pgTable(
  "billing_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** e.g. "upgrade", "downgrade_scheduled", "downgrade", "cancel", "reactivate", "refund". */
    type: text("type").notNull(),
    fromTier: subscriptionTierEnum("from_tier"),
    toTier: subscriptionTierEnum("to_tier"),
    amountMinor: integer("amount_minor").notNull().default(0),
    currency: text("currency").notNull().default("GBP"),
    createdAt: createdAt(),
  },
  (t) => [index("billing_events_workspace_created_idx").on(t.workspaceId, t.createdAt.desc().nullsFirst())],
);

/** Stripe events already applied: each event id once (written in the transaction that applies it). */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  appliedAt: timestamptz("applied_at").notNull().defaultNow(),
});

export type Subscription = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type UsageRecord = typeof usageRecords.$inferSelect;
export type NewUsageRecord = typeof usageRecords.$inferInsert;
export type BillingEvent = typeof billingEvents.$inferSelect;
export type NewBillingEvent = typeof billingEvents.$inferInsert;
