"use client";

import { Loader2, RefreshCw } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { HttpError } from "@/lib/client/http";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import {
  useCancelSubscription,
  useChangeTier,
  usePortalSession,
  useReactivateSubscription,
  useSubscriptionDashboard,
  useUsageHistory,
} from "@/lib/client/hooks/subscription";
import { MessageBanner } from "@/components/ui/message-banner";
import { lostOnCancel } from "@/lib/billing/cancel-losses";
import {
  changeTierBanner,
  formatShortDate,
  type CheckoutReturn,
  type ResultBanner as Banner,
} from "@/lib/billing/display";
import { SUBSCRIPTION_MESSAGES } from "@/lib/billing/constants";
import type { CancelSubscriptionInput, TierInfo } from "@/lib/billing/schemas";
import { BillingSkeleton } from "./billing-skeleton";
import { CostBreakdownCard } from "./cost-breakdown-card";
import { CurrentPlanCard } from "./current-plan-card";
import { PlanCards } from "./plan-cards";
import { UsageHistoryTable } from "./usage-history-table";
import { UsageMetersCard } from "./usage-meters-card";
import { useBillingBanner } from "./use-billing-banner";

// The two dialogs are chunks of their own, loaded when first opened: with Radix's dialog, focus trap
// and scroll lock they were in the page's first load.
const ChangePlanDialog = dynamic(() => import("./change-plan-dialog").then((module) => module.ChangePlanDialog), {
  ssr: false,
});
const CancelSubscriptionDialog = dynamic(
  () => import("./cancel-subscription-dialog").then((module) => module.CancelSubscriptionDialog),
  { ssr: false },
);

/** The server's sentence when it gave one (a 4xx), under the spec's generic failure message. */
function failure(message: string, error: unknown): Banner {
  const detail = error instanceof HttpError && error.status >= 400 && error.status < 500 ? error.message : undefined;
  return { type: "error", message, detail: detail !== message ? detail : undefined };
}

/** 'Billing & Subscription' (spec section 2): plan, usage, costs, plans, history and the two modals. */
export function BillingView({ checkoutReturn }: { checkoutReturn: CheckoutReturn }) {
  const dashboard = useSubscriptionDashboard();
  const history = useUsageHistory();
  const { banner, show, dismiss, checkoutWaiting } = useBillingBanner(checkoutReturn);
  const changeTier = useChangeTier();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const portal = usePortalSession();
  const [target, setTarget] = useState<TierInfo | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const changeMounted = useOpenedOnce(target !== null);
  const cancelMounted = useOpenedOnce(cancelOpen);
  // A checkout answer sends the browser to Stripe: the dialog keeps saying 'Processing...' meanwhile.
  const [redirecting, setRedirecting] = useState(false);

  if (dashboard.isPending) return <Page>{<BillingSkeleton />}</Page>;
  // A failed refetch keeps the plan on screen; only a page that has none shows the failure.
  if (!dashboard.data) {
    return (
      <Page>
        <Card role="alert">
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
            <h2 className="text-lg font-semibold">Something went wrong</h2>
            <p className="text-muted-foreground text-sm">{SUBSCRIPTION_MESSAGES.loadFailed}</p>
            <Button
              type="button"
              onClick={() => {
                void dashboard.refetch();
                void history.refetch();
              }}
              disabled={dashboard.isFetching}
            >
              {dashboard.isFetching ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
              Try Again
            </Button>
          </CardContent>
        </Card>
      </Page>
    );
  }

  const { subscription, usage, tiers } = dashboard.data;
  const currentTier = tiers.find((tier) => tier.tier === subscription.tier);
  const freeTier = tiers.find((tier) => tier.tier === "free");

  function confirmChange(immediate: boolean) {
    if (!target || !currentTier) return;
    changeTier.mutate(
      { tier: target.tier, immediate },
      {
        onSuccess: (result) => {
          if (result.outcome === "checkout") {
            setRedirecting(true);
            window.location.assign(result.checkoutUrl);
            return;
          }
          setTarget(null);
          const next = changeTierBanner(result, target.currency);
          if (next) show(next);
        },
        onError: (error) => {
          setTarget(null);
          show(failure(SUBSCRIPTION_MESSAGES.changeFailed, error));
        },
      },
    );
  }

  function confirmCancel(input: CancelSubscriptionInput) {
    cancel.mutate(input, {
      onSuccess: (result) => {
        setCancelOpen(false);
        show({ type: "success", message: result.message });
      },
      onError: (error) => {
        setCancelOpen(false);
        show(failure(SUBSCRIPTION_MESSAGES.cancelFailed, error));
      },
    });
  }

  return (
    <Page>
      {checkoutWaiting && (
        <div role="status" className="bg-muted flex items-center gap-3 rounded-lg border p-4 text-sm">
          <Loader2 className="size-5 animate-spin" aria-hidden />
          Confirming your payment with Stripe... Your new plan appears here as soon as it is confirmed.
        </div>
      )}
      {banner && <MessageBanner banner={banner} onDismiss={dismiss} />}
      <CurrentPlanCard
        subscription={subscription}
        tier={currentTier}
        onCancel={() => setCancelOpen(true)}
        onReactivate={() =>
          reactivate.mutate(undefined, {
            onSuccess: (result) => show({ type: "success", message: result.message }),
            onError: (error) => show(failure(SUBSCRIPTION_MESSAGES.reactivateFailed, error)),
          })
        }
        reactivating={reactivate.isPending}
        onManagePayment={() =>
          portal.mutate(undefined, {
            onSuccess: ({ url }) => window.location.assign(url),
            onError: (error) => show(failure("Could not open the payment portal. Please try again.", error)),
          })
        }
        openingPortal={portal.isPending}
      />
      <UsageMetersCard usage={usage.usage} />
      <CostBreakdownCard detailed={usage.detailed} />
      <PlanCards tiers={tiers} subscription={subscription} onChoose={setTarget} />
      {history.data && <UsageHistoryTable items={history.data} />}

      {currentTier && changeMounted && (
        <ChangePlanDialog
          current={currentTier}
          target={target}
          pending={changeTier.isPending || redirecting}
          onConfirm={confirmChange}
          onOpenChange={(open) => {
            if (!open) setTarget(null);
          }}
        />
      )}
      {cancelMounted && (
        <CancelSubscriptionDialog
          open={cancelOpen}
          tierName={subscription.tierName}
          lost={currentTier && freeTier ? lostOnCancel(currentTier.limits, freeTier.limits) : []}
          periodEnd={formatShortDate(subscription.currentPeriodEnd)}
          pending={cancel.isPending}
          onConfirm={confirmCancel}
          onOpenChange={setCancelOpen}
          onDowngradeInstead={() => {
            setCancelOpen(false);
            setTarget(tiers.find((tier) => tier.tier === "free") ?? null);
          }}
        />
      )}
    </Page>
  );
}

function Page({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Billing &amp; Subscription</h1>
        <p className="text-muted-foreground mt-1">Your plan, this month&apos;s usage and what it costs.</p>
      </header>
      {children}
    </div>
  );
}
