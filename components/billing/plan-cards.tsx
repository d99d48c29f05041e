import { Check } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { limitText, planChange } from "@/lib/billing/display";
import { formatMoney, formatStorage } from "@/lib/billing/format";
import type { SubscriptionSummary, TierInfo } from "@/lib/billing/schemas";
import { cn } from "@/lib/utils";

/** The limits a plan card and the change-plan comparison list. */
export function tierLimitLines(tier: TierInfo): string[] {
  const { limits } = tier;
  return [
    limitText(limits.aiRequestsPerMonth, "AI requests/month"),
    limitText(limits.postsPerMonth, "posts/month"),
    `${limits.storageMB === -1 ? "Unlimited" : formatStorage(limits.storageMB)} storage`,
    limitText(limits.socialAccountsMax, limits.socialAccountsMax === 1 ? "social account" : "social accounts"),
    limitText(limits.teamMembers, limits.teamMembers === 1 ? "team member" : "team members"),
  ];
}

/**
 * 'Available Plans' (spec section 2): free, standard and premium with price, limits and features;
 * 'Current Plan' / 'Upgrade' / 'Downgrade'; every button disabled while a cancellation is scheduled.
 */
export function PlanCards({
  tiers,
  subscription,
  onChoose,
}: {
  tiers: TierInfo[];
  subscription: SubscriptionSummary;
  onChoose: (tier: TierInfo) => void;
}) {
  const locked = subscription.cancelAtPeriodEnd;
  return (
    <section aria-labelledby="available-plans-title" className="flex flex-col gap-4">
      <h2 id="available-plans-title" className="text-xl font-semibold">
        Available Plans
      </h2>
      {locked && (
        <p className="text-muted-foreground text-sm">
          Plan changes are unavailable while your cancellation is scheduled. Reactivate your subscription to change
          plans.
        </p>
      )}
      <ul className="grid gap-4 md:grid-cols-3">
        {tiers.map((tier) => {
          const change = planChange(subscription.tier, tier.tier);
          const current = change === "current";
          return (
            <li key={tier.tier} aria-labelledby={`plan-${tier.tier}-title`} className="flex">
              <Card className={cn("flex w-full flex-col", current && "border-primary ring-primary/40 ring-2")}>
                <CardHeader>
                  <div className="flex items-center justify-between gap-2">
                    <CardTitle id={`plan-${tier.tier}-title`} role="heading" aria-level={3} className="text-lg/7">
                      {tier.name}
                    </CardTitle>
                    {current && <Badge variant="secondary">Your plan</Badge>}
                  </div>
                  <p>
                    <span className="text-3xl font-bold">{formatMoney(tier.priceMinor, tier.currency)}</span>
                    <span className="text-muted-foreground text-sm">/month</span>
                  </p>
                  {tier.priceMinor > 0 && <p className="text-muted-foreground text-xs">Billed monthly</p>}
                </CardHeader>
                <CardContent className="flex flex-1 flex-col gap-4 text-sm">
                  <ul aria-label={`${tier.name} limits`} className="flex flex-col gap-1">
                    {tierLimitLines(tier).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                  <ul aria-label={`${tier.name} features`} className="flex flex-col gap-1.5">
                    {tier.features.map((feature) => (
                      <li key={feature} className="flex items-start gap-2">
                        <Check className="text-success mt-0.5 size-4 shrink-0" aria-hidden />
                        {feature}
                      </li>
                    ))}
                  </ul>
                </CardContent>
                <CardFooter className="flex flex-col items-stretch gap-2">
                  <Button
                    type="button"
                    variant={change === "upgrade" ? "default" : "outline"}
                    disabled={current || locked}
                    onClick={() => onChoose(tier)}
                    aria-label={
                      current ? undefined : `${change === "upgrade" ? "Upgrade" : "Downgrade"} to ${tier.name}`
                    }
                  >
                    {current ? "Current Plan" : change === "upgrade" ? "Upgrade" : "Downgrade"}
                  </Button>
                  {change === "downgrade" && (
                    <p className="text-muted-foreground text-center text-xs">Downgrade at end of billing period</p>
                  )}
                </CardFooter>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
