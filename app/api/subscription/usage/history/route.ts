// GET /api/subscription/usage/history?limit=12 — usage and cost per billing period, newest first
import { ok, parseQuery, withMember } from "@/lib/server/api/route";
import { getUsageHistory } from "@/lib/billing/server/usage";
import { usageHistoryQuerySchema, type UsageHistoryItem } from "@/lib/billing/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ req, workspace }) => {
  const { limit } = parseQuery(req, usageHistoryQuerySchema);
  const data: UsageHistoryItem[] = await getUsageHistory(workspace.id, limit);
  return ok({ data });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
