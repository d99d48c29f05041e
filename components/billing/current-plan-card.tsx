import { CalendarClock, CreditCard, Loader2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { daysRemainingText, formatShortDate, statusLabel } from "@/lib/billing/display";
import { formatMoney } from "@/lib/billing/format";
import type { SubscriptionSummary, TierInfo } from "@/lib/billing/schemas";
import { tiers } from "@/lib/billing/tiers";

const BADGE_VARIANT = {
  Active: "success",
  Trial: "secondary",
  Cancelled: "outline",
  "Past Due": "destructive",
} as const;

/** A date of the billing period, in the browser's zone. */
const ShortDate = ({ iso }: { iso: string }) => <LocalTime iso={iso} format={formatShortDate} />;

/**
 * The current plan (spec section 2): name, status badge, days left, price per month, the billing
 * period (en-GB short dates), a scheduled cancellation with its end date, and the actions.
 */
export function CurrentPlanCard({
  subscription,
  tier,
  onCancel,
  onReactivate,
  reactivating,
  onManagePayment,
  openingPortal,
}: {
  subscription: SubscriptionSummary;
  tier: TierInfo | undefined;
  onCancel: () => void;
  onReactivate: () => void;
  reactivating: boolean;
  onManagePayment: () => void;
  openingPortal: boolean;
}) {
  const label = statusLabel(subscription.status);
  const scheduled = subscription.cancelAtPeriodEnd;
  const canCancel = subscription.tier !== "free" && !scheduled && subscription.status !== "cancelled";
  return (
    <Card role="region" aria-labelledby="current-plan-label">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <p id="current-plan-label" className="text-muted-foreground text-sm">
            Current Plan
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle id="current-plan-title" role="heading" aria-level={2} className="text-2xl/8">
              {subscription.tierName}
            </CardTitle>
            <Badge variant={BADGE_VARIANT[label as keyof typeof BADGE_VARIANT] ?? "success"}>{label}</Badge>
          </div>
          <p className="text-muted-foreground text-sm">{daysRemainingText(subscription)}</p>
        </div>
        {tier && (
          <p className="text-right">
            <span className="text-2xl font-semibold">{formatMoney(tier.priceMinor, tier.currency)}</span>
            <span className="text-muted-foreground text-sm"> per month</span>
          </p>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p>
          <span className="text-muted-foreground">Billing period: </span>
          <ShortDate iso={subscription.currentPeriodStart} /> – <ShortDate iso={subscription.currentPeriodEnd} />
        </p>
        {subscription.pendingTier && !scheduled && (
          <p className="text-muted-foreground flex items-center gap-2">
            <CalendarClock className="size-4" aria-hidden />
            Changes to the {tiers[subscription.pendingTier].name} plan on{" "}
            <ShortDate iso={subscription.currentPeriodEnd} />
          </p>
        )}
        {scheduled && (
          <div className="border-warning/50 bg-warning/10 rounded-lg border p-3">
            <p className="text-warning font-medium">Scheduled for Cancellation</p>
            <p className="text-muted-foreground">
              Ends on <ShortDate iso={subscription.cancelAt ?? subscription.currentPeriodEnd} />
            </p>
          </div>
        )}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {scheduled ? (
          <Button type="button" onClick={onReactivate} disabled={reactivating} aria-busy={reactivating || undefined}>
            {reactivating && <Loader2 className="animate-spin" aria-hidden />}
            {reactivating ? "Processing..." : "Reactivate Subscription"}
          </Button>
        ) : (
          canCancel && (
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel Subscription
            </Button>
          )
        )}
        {subscription.canManagePayment && (
          <Button type="button" variant="secondary" onClick={onManagePayment} disabled={openingPortal}>
            {openingPortal ? <Loader2 className="animate-spin" aria-hidden /> : <CreditCard aria-hidden />}
            Manage payment
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
