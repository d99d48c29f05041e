import { Suspense } from "react";
import { BillingView } from "@/components/billing/billing-view";
import { PrefilledQueries, type PrefilledEntries } from "@/components/providers/prefilled-queries";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";
import { BILLING_HISTORY_LIMIT, subscriptionKeys } from "@/lib/billing/query-keys";
import { getDashboard, getUsageHistory } from "@/lib/billing/server/usage";

export const metadata = { title: "Billing" };

/**
 * The plan, usage and history are answered here, with the page (issue #18), as
 * GET /api/subscription/dashboard and /usage/history answer the same keys.
 */
async function billingQueries(userId: string): Promise<PrefilledEntries> {
  const [dashboard, history] = await Promise.all([
    getDashboard(userId),
    getUsageHistory(userId, BILLING_HISTORY_LIMIT),
  ]);
  return [
    [subscriptionKeys.dashboard(), dashboard],
    [subscriptionKeys.history(BILLING_HISTORY_LIMIT), history],
  ];
}

export default async function BillingPage() {
  // The signed-in layout has sent a visitor home already; the user is known here.
  const user = await getRenderSessionUser();
  if (!user) return null;
  // BillingView reads the Checkout return (?checkout=…) from the URL, which needs a Suspense boundary.
  return (
    <PrefilledQueries read={() => billingQueries(user.id)}>
      <Suspense>
        <BillingView />
      </Suspense>
    </PrefilledQueries>
  );
}
