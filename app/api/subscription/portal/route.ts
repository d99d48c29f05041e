// POST /api/subscription/portal — a Stripe customer portal session (cards, invoices) for the signed-in user
import { ok, withMember } from "@/lib/server/api/route";
import { createPortalSession } from "@/lib/billing/server/billing-changes";
import type { PortalSessionResult } from "@/lib/billing/schemas";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember("manageBilling", async ({ workspace }) => {
  const data: PortalSessionResult = await createPortalSession(workspace.id);
  return ok({ data });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
