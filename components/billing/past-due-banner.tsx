"use client";

import { AlertTriangle, CreditCard, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { pastDueText } from "@/lib/billing/display";
import { useCurrentSubscription, usePortalSession } from "@/lib/client/hooks/subscription";
import { useHydrated } from "@/lib/client/use-hydrated";

/**
 * A failed renewal (status past due): on every signed-in page, the owner reads that the payment
 * failed and when the Free limits apply, with a way to update the card (Stripe's customer portal).
 */
export function PastDueBanner() {
  const { data } = useCurrentSubscription();
  const portal = usePortalSession();
  // The subscription comes with the page (app/(app)/layout.tsx), but its date is written in the
  // browser's zone: the banner appears right after hydration.
  const hydrated = useHydrated();
  if (!hydrated || !data || data.status !== "past_due") return null;
  return (
    <div
      role="alert"
      className="border-destructive/50 bg-destructive/10 text-destructive mb-6 flex flex-col gap-3 rounded-lg border p-4 text-sm sm:flex-row sm:items-center"
    >
      <AlertTriangle className="size-5 shrink-0" aria-hidden />
      <div className="flex-1">
        <p className="font-medium">Payment failed</p>
        <p>{pastDueText(data)}</p>
        {portal.isError && <p className="mt-1">{portal.error.message}</p>}
      </div>
      {data.canManagePayment && (
        <Button
          type="button"
          variant="destructive"
          disabled={portal.isPending}
          onClick={() => portal.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
        >
          {portal.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <CreditCard aria-hidden />}
          Update card
        </Button>
      )}
    </div>
  );
}
