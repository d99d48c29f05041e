import { and, eq, gte, sum } from "drizzle-orm";
import { db, type Transaction } from "@/db";
import { usageRecords } from "@/db/schema";
import { ApiError } from "@/lib/api/errors";
import { getUserTier } from "@/lib/billing/limits";
import { tiers } from "@/lib/billing/tiers";
import { PROMPT_VERSION } from "./prompts";
import { AI_MESSAGES } from "./schemas";

/**
 * The AI allowance: every AI call (model or offline writer) is one `ai_request` usage record with
 * its tokens, and a plan's aiRequestsPerMonth caps how many a user makes in a calendar month (UTC),
 * the same window as the monthly post limit.
 */

export type AiOperation = "chat" | "generate_post" | "enhance" | "share_message" | "summarize_twitter";

export interface AiUsage {
  operation: AiOperation;
  model: string;
  tokensIn: number;
  tokensOut: number;
  offline: boolean;
  /** Where the call came from when it was not a user's request (e.g. "publish"). */
  source?: string;
  /** Further metadata (e.g. the post a publishing call was for). */
  details?: Record<string, unknown>;
  /** Requests it counts against the plan's allowance: 1, or 0 for an answer that failed midway (its tokens still cost). */
  quantity?: 0 | 1;
}

function startOfMonthUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export async function countAiRequestsThisMonth(userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(usageRecords.quantity).mapWith(Number) })
    .from(usageRecords)
    .where(
      and(
        eq(usageRecords.userId, userId),
        eq(usageRecords.kind, "ai_request"),
        gte(usageRecords.occurredAt, startOfMonthUtc()),
      ),
    );
  return row?.total ?? 0;
}

/** Throws 402 ai_quota_exceeded when the plan's monthly AI requests are used up. */
export async function assertAiAllowance(userId: string): Promise<void> {
  const max = tiers[await getUserTier(userId)].limits.aiRequestsPerMonth;
  if (max === -1) return;
  if ((await countAiRequestsThisMonth(userId)) >= max)
    throw new ApiError(402, "ai_quota_exceeded", AI_MESSAGES.quotaExceeded);
}

/** One `ai_request` row; returns its id. */
export async function recordAiUsage(
  userId: string,
  usage: AiUsage,
  executor: Transaction | typeof db = db,
): Promise<string> {
  const [row] = await executor
    .insert(usageRecords)
    .values({
      userId,
      kind: "ai_request",
      quantity: usage.quantity ?? 1,
      tokensIn: usage.tokensIn,
      tokensOut: usage.tokensOut,
      metadata: {
        operation: usage.operation,
        model: usage.model,
        promptVersion: PROMPT_VERSION,
        offline: usage.offline,
        ...(usage.source ? { source: usage.source } : {}),
        ...usage.details,
      },
    })
    .returning({ id: usageRecords.id });
  return row!.id;
}
