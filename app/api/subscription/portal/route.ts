// POST /api/subscription/portal — a Stripe customer portal session (cards, invoices) for the signed-in user
import { ok, withUser } from "@/lib/server/api/route";
import { createPortalSession } from "@/lib/billing/server/billing-changes";
import type { PortalSessionResult } from "@/lib/billing/schemas";

export const POST = withUser(async ({ user }) => {
  const data: PortalSessionResult = await createPortalSession(user.id);
  return ok({ data });
});
