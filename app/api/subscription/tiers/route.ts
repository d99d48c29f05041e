// GET /api/subscription/tiers — every plan with its price, limits and features, in tier order
import { ok, withUser } from "@/lib/server/api/route";
import { listTiers } from "@/lib/billing/server/subscription";
import type { TierInfo } from "@/lib/billing/schemas";

export const GET = withUser(async () => {
  const data: TierInfo[] = listTiers();
  return ok({ data });
});
