// GET /api/subscription/tiers — every plan with its price, limits and features, in tier order
import { ok, withMember } from "@/lib/server/api/route";
import { listTiers } from "@/lib/billing/server/subscription";
import type { TierInfo } from "@/lib/billing/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async () => {
  const data: TierInfo[] = listTiers();
  return ok({ data });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
