"use client";

import { AlertTriangle, Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { planChange, priceDifferenceText } from "@/lib/billing/display";
import { formatMoney, formatStorage } from "@/lib/billing/format";
import type { TierInfo } from "@/lib/billing/schemas";

type Timing = "immediately" | "period-end";

function ComparisonRow({ label, from, to }: { label: string; from: string; to: string }) {
  return (
    <tr className="border-b last:border-0">
      <th scope="row" className="text-muted-foreground py-2 pr-3 text-left font-normal">
        {label}
      </th>
      <td className="py-2 pr-3">{from}</td>
      <td className="py-2 font-medium">{to}</td>
    </tr>
  );
}

const storage = (mb: number) => (mb === -1 ? "Unlimited" : formatStorage(mb));
const monthly = (n: number) => (n === -1 ? "Unlimited" : `${n.toLocaleString("en-GB")}/month`);

/**
 * The Change-plan modal (spec section 2): current and new plan compared, the price difference on an
 * upgrade, the timing ('Immediately' by default, or 'At end of billing period'), the downgrade
 * warning, and 'Confirm Upgrade' / 'Confirm Downgrade' ('Processing...' while it works). A first
 * paid plan (from Free) is paid at Stripe Checkout, so it has no timing to choose.
 */
export function ChangePlanDialog({
  current,
  target,
  pending,
  onConfirm,
  onOpenChange,
}: {
  current: TierInfo;
  target: TierInfo | null;
  pending: boolean;
  onConfirm: (immediate: boolean) => void;
  onOpenChange: (open: boolean) => void;
}) {
  const [timing, setTiming] = useState<Timing>("immediately");
  const change = target ? planChange(current.tier, target.tier) : "current";
  const upgrade = change === "upgrade";
  const viaCheckout = current.priceMinor === 0 && upgrade;

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (pending) return;
        if (!open) setTiming("immediately");
        onOpenChange(open);
      }}
    >
      <DialogContent className="sm:max-w-xl">
        {target && (
          <>
            <DialogHeader>
              <DialogTitle>{upgrade ? "Upgrade Your Plan" : "Downgrade Your Plan"}</DialogTitle>
              <DialogDescription>
                From {current.name} to {target.name}.
              </DialogDescription>
            </DialogHeader>

            <table className="w-full text-sm" aria-label="Plan comparison">
              <thead>
                <tr className="text-muted-foreground border-b text-left">
                  <td />
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {current.name} (current)
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {target.name}
                  </th>
                </tr>
              </thead>
              <tbody>
                <ComparisonRow
                  label="Price"
                  from={`${formatMoney(current.priceMinor, current.currency)}/month`}
                  to={`${formatMoney(target.priceMinor, target.currency)}/month`}
                />
                <ComparisonRow
                  label="AI requests"
                  from={monthly(current.limits.aiRequestsPerMonth)}
                  to={monthly(target.limits.aiRequestsPerMonth)}
                />
                <ComparisonRow
                  label="Posts"
                  from={monthly(current.limits.postsPerMonth)}
                  to={monthly(target.limits.postsPerMonth)}
                />
                <ComparisonRow
                  label="Storage"
                  from={storage(current.limits.storageMB)}
                  to={storage(target.limits.storageMB)}
                />
                {upgrade && (
                  <ComparisonRow
                    label="Price difference"
                    from=""
                    to={priceDifferenceText(current.priceMinor, target.priceMinor, target.currency)}
                  />
                )}
              </tbody>
            </table>

            {viaCheckout ? (
              <p className="text-muted-foreground text-sm">
                You will pay by card on Stripe&apos;s secure checkout page; the plan starts as soon as the payment is
                confirmed.
              </p>
            ) : (
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-medium">When should the change happen?</legend>
                <RadioGroup value={timing} onValueChange={(value) => setTiming(value as Timing)} disabled={pending}>
                  <div className="flex items-start gap-3">
                    <RadioGroupItem value="immediately" id="timing-immediately" className="mt-0.5" />
                    <Label htmlFor="timing-immediately" className="flex flex-col items-start gap-0.5 font-normal">
                      <span className="font-medium">Immediately{upgrade ? " (recommended)" : ""}</span>
                      <span className="text-muted-foreground text-xs">
                        {upgrade
                          ? "You are charged a prorated amount for the rest of this billing period now."
                          : "You get a prorated credit for the rest of this billing period."}
                      </span>
                    </Label>
                  </div>
                  <div className="flex items-start gap-3">
                    <RadioGroupItem value="period-end" id="timing-period-end" className="mt-0.5" />
                    <Label htmlFor="timing-period-end" className="flex flex-col items-start gap-0.5 font-normal">
                      <span className="font-medium">At end of billing period</span>
                      <span className="text-muted-foreground text-xs">
                        Your plan changes when the current billing period ends.
                      </span>
                    </Label>
                  </div>
                </RadioGroup>
              </fieldset>
            )}

            {change === "downgrade" && (
              <div role="note" className="border-warning/50 bg-warning/10 flex gap-3 rounded-lg border p-3 text-sm">
                <AlertTriangle className="text-warning mt-0.5 size-4 shrink-0" aria-hidden />
                <ul className="flex flex-col gap-1">
                  <li>You will lose the premium features of the {current.name} plan.</li>
                  <li>Your limits will be reduced to those of the {target.name} plan.</li>
                  <li>If your usage is over the new limits, some features may be restricted until it is under them.</li>
                </ul>
              </div>
            )}

            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setTiming("immediately");
                  onOpenChange(false);
                }}
                disabled={pending}
              >
                Cancel
              </Button>
              <Button
                type="button"
                variant={upgrade ? "default" : "destructive"}
                onClick={() => onConfirm(viaCheckout || timing === "immediately")}
                disabled={pending}
                aria-busy={pending || undefined}
              >
                {pending && <Loader2 className="animate-spin" aria-hidden />}
                {pending ? "Processing..." : upgrade ? "Confirm Upgrade" : "Confirm Downgrade"}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
