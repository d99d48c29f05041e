import { BillingView } from "@/components/billing/billing-view";
import { PrefilledQueries, type PrefilledEntries } from "@/components/providers/prefilled-queries";
import { getRenderActor } from "@/lib/auth/server/render-session";
import { parseCheckoutReturn } from "@/lib/billing/display";
import { BILLING_HISTORY_LIMIT, subscriptionKeys } from "@/lib/billing/query-keys";
import { getDashboard, getUsageHistory } from "@/lib/billing/server/usage";
import { firstParam, type PageSearchParams } from "@/lib/server/page-params";
import type { Actor } from "@/lib/workspaces/schemas";

export const metadata = { title: "Billing" };

/**
 * The plan, usage and history are answered here, with the page, as
 * GET /api/subscription/dashboard and /usage/history answer the same keys.
 */
async function billingQueries(actor: Actor): Promise<PrefilledEntries> {
  const [dashboard, history] = await Promise.all([
    getDashboard(actor.workspaceId, actor.userId),
    getUsageHistory(actor.workspaceId, BILLING_HISTORY_LIMIT),
  ]);
  return [
    [subscriptionKeys.dashboard(), dashboard],
    [subscriptionKeys.history(BILLING_HISTORY_LIMIT), history],
  ];
}

export default async function BillingPage({ searchParams }: { searchParams: PageSearchParams }) {
  // The signed-in layout has sent a visitor home already; the user is known here.
  const actor = await getRenderActor();
  if (!actor) return null;
  // The return from Stripe Checkout (?checkout=…&session_id=…) is read here, not with
  // useSearchParams in the browser (see app/(app)/content/page.tsx).
  const params = await searchParams;
  const checkoutReturn = parseCheckoutReturn(
    new URLSearchParams({
      checkout: firstParam(params.checkout) ?? "",
      session_id: firstParam(params.session_id) ?? "",
    }),
  );
  return (
    <PrefilledQueries workspaceId={actor.workspaceId} read={() => billingQueries(actor)}>
      <BillingView checkoutReturn={checkoutReturn} />
    </PrefilledQueries>
  );
}
