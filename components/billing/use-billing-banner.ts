"use client";

import { useQueryClient } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { CheckoutReturn, ResultBanner } from "@/lib/billing/display";
import { SUBSCRIPTION_MESSAGES } from "@/lib/billing/constants";
import { subscriptionKeys } from "@/lib/billing/query-keys";
import { useCheckoutConfirmation } from "@/lib/client/hooks/subscription";

/** Spec section 8: error banners hide themselves after 5 s; the page's success banner does too. */
export const BILLING_BANNER_MS = 5_000;

export const CHECKOUT_PENDING_MESSAGE =
  "We have not received Stripe's confirmation of your payment yet. Your new plan will show here once it arrives; reload this page in a minute.";

/**
 * The page's banner (auto-hidden after 5 s, dismissible) and the return from Stripe Checkout:
 * ?checkout=cancelled (Back on Checkout) says nothing changed; ?checkout=success&session_id=… waits, with a
 * deadline, until the webhook has made the paid plan visible, then says so. `returned` is that
 * return as the page read it from its URL on the server.
 */
export function useBillingBanner(returned: CheckoutReturn) {
  const [banner, setBanner] = useState<ResultBanner | null>(null);
  // The Checkout outcome is derived from the URL and the polling; this hides it once dismissed.
  const [checkoutVisible, setCheckoutVisible] = useState(true);
  const router = useRouter();
  const pathname = usePathname();
  const queryClient = useQueryClient();
  // The first one only: the URL drops it once its outcome is shown.
  const [checkoutReturn] = useState(returned);
  const confirmation = useCheckoutConfirmation(checkoutReturn?.kind === "success" ? checkoutReturn.sessionId : null);
  const handled = useRef(false);

  const checkoutOutcome: ResultBanner | null =
    checkoutReturn?.kind === "cancelled"
      ? { type: "info", message: SUBSCRIPTION_MESSAGES.checkoutLeft }
      : confirmation.subscription
        ? { type: "success", message: SUBSCRIPTION_MESSAGES.upgraded(confirmation.subscription.tierName) }
        : confirmation.timedOut
          ? { type: "error", message: CHECKOUT_PENDING_MESSAGE }
          : null;
  const shown = banner ?? (checkoutVisible ? checkoutOutcome : null);

  const hide = useCallback(() => {
    setBanner(null);
    setCheckoutVisible(false);
  }, []);

  const show = useCallback((next: ResultBanner) => {
    setCheckoutVisible(false);
    setBanner(next);
    window.scrollTo({ top: 0, behavior: "smooth" });
  }, []);

  const outcomeKnown = checkoutOutcome !== null;
  useEffect(() => {
    if (handled.current || !outcomeKnown) return;
    handled.current = true;
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    // The outcome is shown: a reload should not show it again.
    router.replace(pathname, { scroll: false });
  }, [outcomeKnown, queryClient, router, pathname]);

  const shownKey = shown ? `${shown.type}:${shown.message}:${shown.detail ?? ""}` : null;
  useEffect(() => {
    if (!shownKey) return;
    const timer = setTimeout(hide, BILLING_BANNER_MS);
    return () => clearTimeout(timer);
  }, [shownKey, hide]);

  return { banner: shown, show, dismiss: hide, checkoutWaiting: confirmation.waiting };
}
