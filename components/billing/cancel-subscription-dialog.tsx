"use client";

import { Loader2, X } from "lucide-react";
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
import { Textarea } from "@/components/ui/textarea";
import { CANCEL_REASON_MAX, cancelReasonText, type CancelReason } from "@/lib/billing/display";
import { cancelReasons } from "@/lib/billing/constants";
import type { CancelSubscriptionInput } from "@/lib/billing/schemas";

type Timing = "period-end" | "immediately";

/**
 * The Cancel-subscription modal (spec section 2): what is lost (this plan's limits above Free's,
 * lib/billing/cancel-losses.ts: only what really goes), optional reason chips ('Other'
 * opens 'Please tell us more...'), the timing (end of billing period by default, or immediately;
 * no refund either way), the hint to downgrade to Free instead, 'Keep Subscription' /
 * 'Confirm Cancellation'.
 */
export function CancelSubscriptionDialog({
  open,
  tierName,
  lost,
  periodEnd,
  pending,
  onConfirm,
  onOpenChange,
  onDowngradeInstead,
}: {
  open: boolean;
  tierName: string;
  lost: readonly string[];
  periodEnd: string;
  pending: boolean;
  onConfirm: (input: CancelSubscriptionInput) => void;
  onOpenChange: (open: boolean) => void;
  onDowngradeInstead: () => void;
}) {
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [details, setDetails] = useState("");
  const [timing, setTiming] = useState<Timing>("period-end");

  function reset() {
    setReason(null);
    setDetails("");
    setTiming("period-end");
  }

  function close() {
    reset();
    onOpenChange(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Cancel Subscription</DialogTitle>
          <DialogDescription>Are you sure you want to cancel your {tierName} plan?</DialogDescription>
        </DialogHeader>

        {lost.length > 0 && (
          <div className="border-destructive/40 bg-destructive/5 rounded-lg border p-3 text-sm">
            <p className="mb-1 font-medium">You will lose access to:</p>
            <ul aria-label="You will lose access to" className="flex flex-col gap-1">
              {lost.map((item) => (
                <li key={item} className="flex items-center gap-2">
                  <X className="text-destructive size-4 shrink-0" aria-hidden />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        )}

        <div className="flex flex-col gap-2">
          <p id="cancel-reason-label" className="text-sm font-medium">
            Why are you cancelling? (optional)
          </p>
          <div role="group" aria-labelledby="cancel-reason-label" className="flex flex-wrap gap-2">
            {cancelReasons.map((item) => (
              <Button
                key={item}
                type="button"
                size="sm"
                variant={reason === item ? "default" : "outline"}
                className="rounded-full"
                aria-pressed={reason === item}
                disabled={pending}
                onClick={() => setReason(reason === item ? null : item)}
              >
                {item}
              </Button>
            ))}
          </div>
          {reason === "Other" && (
            <Textarea
              aria-label="Please tell us more..."
              placeholder="Please tell us more..."
              value={details}
              maxLength={CANCEL_REASON_MAX - "Other: ".length}
              onChange={(event) => setDetails(event.target.value)}
              disabled={pending}
              rows={3}
            />
          )}
        </div>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">When should it end?</legend>
          <RadioGroup value={timing} onValueChange={(value) => setTiming(value as Timing)} disabled={pending}>
            <div className="flex items-start gap-3">
              <RadioGroupItem value="period-end" id="cancel-period-end" className="mt-0.5" />
              <Label htmlFor="cancel-period-end" className="flex flex-col items-start gap-0.5 font-normal">
                <span className="font-medium">At end of billing period (recommended)</span>
                <span className="text-muted-foreground text-xs">Keep your plan until {periodEnd}. No refund.</span>
              </Label>
            </div>
            <div className="flex items-start gap-3">
              <RadioGroupItem value="immediately" id="cancel-immediately" className="mt-0.5" />
              <Label htmlFor="cancel-immediately" className="flex flex-col items-start gap-0.5 font-normal">
                <span className="font-medium">Immediately</span>
                <span className="text-muted-foreground text-xs">Your plan ends now. No refund.</span>
              </Label>
            </div>
          </RadioGroup>
        </fieldset>

        <p className="bg-muted rounded-lg p-3 text-sm">
          Only need fewer features? You can{" "}
          <Button
            type="button"
            variant="link"
            className="h-auto p-0 align-baseline"
            onClick={() => {
              reset();
              onDowngradeInstead();
            }}
            disabled={pending}
          >
            downgrade to Free
          </Button>{" "}
          instead and keep your account, posts and connected pages.
        </p>

        <DialogFooter>
          <Button type="button" variant="outline" onClick={close} disabled={pending}>
            Keep Subscription
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={() =>
              onConfirm({ atPeriodEnd: timing === "period-end", reason: cancelReasonText(reason, details) })
            }
          >
            {pending && <Loader2 className="animate-spin" aria-hidden />}
            {pending ? "Processing..." : "Confirm Cancellation"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
