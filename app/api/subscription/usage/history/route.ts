// GET /api/subscription/usage/history?limit=12 — usage and cost per billing period, newest first
import { ok, parseQuery, withUser } from "@/lib/server/api/route";
import { getUsageHistory } from "@/lib/billing/server/usage";
import { usageHistoryQuerySchema, type UsageHistoryItem } from "@/lib/billing/schemas";

export const GET = withUser(async ({ req, user }) => {
  const { limit } = parseQuery(req, usageHistoryQuerySchema);
  const data: UsageHistoryItem[] = await getUsageHistory(user.id, limit);
  return ok({ data });
});
