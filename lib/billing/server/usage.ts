import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import { db } from "@/db";
import { chatMessages, chats, media, usageRecords, workspaces } from "@/db/schema";
import { COST_EXPLANATION, costBreakdown } from "@/lib/billing/costs";
import { bytesToMb, mbToGb } from "@/lib/billing/format";
import type {
  SubscriptionCosts,
  SubscriptionDashboard,
  SubscriptionUsage,
  UsageHistoryItem,
} from "@/lib/billing/schemas";
import {
  countAiRequestsThisMonth,
  countPostsThisMonth,
  countTeamSeats,
  getStorageUsedBytes,
  getUserTier,
} from "./limits";
import { tiers } from "@/lib/billing/tiers";
import { countAiConversations } from "@/lib/ai/server/chat-queries";
import { getCurrentSubscription, listTiers, monthPeriod } from "./subscription";

/**
 * Usage and its cost estimate, read from the usage ledger (usage_records). The meters count what
 * the limits count (this calendar month, UTC; posts created, deleted ones too; storage now). History is per
 * calendar month, the period of the monthly limits, from the user's first month; storage in each
 * is what was stored at its end, and its posts are the posts created in it (deleted ones too).
 */

async function tokensBetween(workspaceId: string, start: Date, end: Date) {
  const [row] = await db
    .select({
      requests: sql<string | null>`sum(${usageRecords.quantity})`,
      inputTokens: sql<string | null>`sum(${usageRecords.tokensIn})`,
      outputTokens: sql<string | null>`sum(${usageRecords.tokensOut})`,
    })
    .from(usageRecords)
    .where(
      and(
        eq(usageRecords.workspaceId, workspaceId),
        eq(usageRecords.kind, "ai_request"),
        gte(usageRecords.occurredAt, start),
        lt(usageRecords.occurredAt, end),
      ),
    );
  return {
    requests: Number(row?.requests ?? 0),
    inputTokens: Number(row?.inputTokens ?? 0),
    outputTokens: Number(row?.outputTokens ?? 0),
  };
}

/**
 * The workspace's usage this month. Chat messages are the person's own (AI chats are personal,
 * `userId`), counted beside the workspace's meters.
 */
export async function getUsage(workspaceId: string, userId: string, now = new Date()): Promise<SubscriptionUsage> {
  const { start, end } = monthPeriod(now);
  const limits = tiers[await getUserTier(workspaceId)].limits;
  const [aiRequests, posts, storageBytes, tokens, [chatRow], [mediaRow], seats, aiConversations] = await Promise.all([
    countAiRequestsThisMonth(workspaceId),
    countPostsThisMonth(workspaceId),
    getStorageUsedBytes(workspaceId),
    tokensBetween(workspaceId, start, end),
    db
      .select({ total: count() })
      .from(chatMessages)
      .innerJoin(chats, eq(chats.id, chatMessages.chatId))
      .where(and(eq(chats.userId, userId), gte(chatMessages.createdAt, start), lt(chatMessages.createdAt, end))),
    db.select({ total: count() }).from(media).where(eq(media.workspaceId, workspaceId)),
    countTeamSeats(workspaceId),
    countAiConversations(userId),
  ]);
  const storageMB = bytesToMb(storageBytes);
  return {
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    usage: {
      aiRequests: { current: aiRequests, limit: limits.aiRequestsPerMonth },
      posts: { current: posts, limit: limits.postsPerMonth },
      storage: { current: storageMB, limit: limits.storageMB },
      // Seats as the invitation limit counts them: members and pending invitations.
      teamMembers: { current: seats.members + seats.pending, limit: limits.teamMembers },
    },
    detailed: {
      openai: {
        requests: tokens.requests,
        totalTokens: tokens.inputTokens + tokens.outputTokens,
        inputTokens: tokens.inputTokens,
        outputTokens: tokens.outputTokens,
      },
      database: {
        storageGB: mbToGb(storageMB),
        storageMB,
        posts,
        chatMessages: chatRow?.total ?? 0,
        aiConversations,
        mediaFiles: mediaRow?.total ?? 0,
      },
      costs: costBreakdown({ ...tokens, storageBytes }),
    },
  };
}

export async function getCosts(workspaceId: string, now = new Date()): Promise<SubscriptionCosts> {
  const { start, end } = monthPeriod(now);
  const [tokens, storageBytes] = await Promise.all([
    tokensBetween(workspaceId, start, end),
    getStorageUsedBytes(workspaceId),
  ]);
  return {
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    aiRequests: tokens.requests,
    inputTokens: tokens.inputTokens,
    outputTokens: tokens.outputTokens,
    storageGB: mbToGb(bytesToMb(storageBytes)),
    ...costBreakdown({ ...tokens, storageBytes }),
    explanation: COST_EXPLANATION,
  };
}

const monthKey = (date: Date) => date.toISOString().slice(0, 7);

/** The last `limit` calendar months (newest first), from the month the workspace was made. */
export async function getUsageHistory(
  workspaceId: string,
  limit: number,
  now = new Date(),
): Promise<UsageHistoryItem[]> {
  const [workspace] = await db
    .select({ createdAt: workspaces.createdAt })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!workspace) return [];
  const periods: { start: Date; end: Date }[] = [];
  const first = monthPeriod(workspace.createdAt).start;
  for (let at = monthPeriod(now); periods.length < limit && at.start >= first;) {
    periods.push(at);
    at = monthPeriod(new Date(at.start.getTime() - 1));
  }
  if (periods.length === 0) return [];
  const oldest = periods[periods.length - 1]!.start;
  const newestEnd = periods[0]!.end;

  const month = sql<string>`to_char(date_trunc('month', ${usageRecords.occurredAt} at time zone 'UTC'), 'YYYY-MM')`;
  const [rows, storageBefore] = await Promise.all([
    db
      .select({
        month,
        requests: sql<string>`coalesce(sum(${usageRecords.quantity}) filter (where ${usageRecords.kind} = 'ai_request'), 0)`,
        inputTokens: sql<string>`coalesce(sum(${usageRecords.tokensIn}) filter (where ${usageRecords.kind} = 'ai_request'), 0)`,
        outputTokens: sql<string>`coalesce(sum(${usageRecords.tokensOut}) filter (where ${usageRecords.kind} = 'ai_request'), 0)`,
        posts: sql<string>`count(*) filter (where ${usageRecords.kind} = 'post_created')`,
        storageDelta: sql<string>`coalesce(sum(case ${usageRecords.kind} when 'media_stored' then ${usageRecords.bytes} when 'media_deleted' then -${usageRecords.bytes} else 0 end), 0)`,
      })
      .from(usageRecords)
      .where(
        and(
          eq(usageRecords.workspaceId, workspaceId),
          gte(usageRecords.occurredAt, oldest),
          lt(usageRecords.occurredAt, newestEnd),
        ),
      )
      .groupBy(month),
    getStorageUsedBytes(workspaceId, db, oldest),
  ]);
  const byMonth = new Map(rows.map((row) => [row.month, row]));

  // Storage at the end of each period: what was there before the oldest, plus each month's change.
  let storageBytes = storageBefore;
  const items: UsageHistoryItem[] = [];
  for (const period of [...periods].reverse()) {
    const row = byMonth.get(monthKey(period.start));
    storageBytes = Math.max(0, storageBytes + Number(row?.storageDelta ?? 0));
    const tokens = { inputTokens: Number(row?.inputTokens ?? 0), outputTokens: Number(row?.outputTokens ?? 0) };
    const costs = costBreakdown({ ...tokens, storageBytes });
    items.push({
      period: monthKey(period.start),
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
      summary: {
        openai: { requests: Number(row?.requests ?? 0), ...tokens },
        database: { posts: Number(row?.posts ?? 0), storageGB: mbToGb(bytesToMb(storageBytes)) },
        costs: { total: costs.total, totalMinor: costs.totalMinor },
      },
    });
  }
  return items.reverse();
}

export async function getDashboard(
  workspaceId: string,
  userId: string,
  now = new Date(),
): Promise<SubscriptionDashboard> {
  const subscription = await getCurrentSubscription(workspaceId, now);
  return { subscription, usage: await getUsage(workspaceId, userId, now), tiers: listTiers() };
}
