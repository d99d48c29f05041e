"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { BILLING_HISTORY_LIMIT, subscriptionKeys } from "@/lib/billing/query-keys";
import type { CancelSubscriptionInput, ChangeTierInput } from "@/lib/billing/schemas";
import {
  cancelSubscription,
  changeTier,
  createPortalSession,
  confirmCheckout,
  getCurrentSubscription,
  getSubscriptionDashboard,
  getUsageHistory,
  reactivateSubscription,
} from "@/lib/client/requests/subscription";

/** TanStack Query over lib/client/requests/subscription.ts: keys, the Billing page's queries and its changes. */

export function useSubscriptionDashboard() {
  return useQuery({ queryKey: subscriptionKeys.dashboard(), queryFn: () => getSubscriptionDashboard(), retry: false });
}

export function useUsageHistory(limit = BILLING_HISTORY_LIMIT) {
  return useQuery({ queryKey: subscriptionKeys.history(limit), queryFn: () => getUsageHistory(limit), retry: false });
}

/** GET /api/subscription/current, for the app shell's past-due banner (cheap, so read once a minute at most). */
export function useCurrentSubscription(enabled = true) {
  return useQuery({
    queryKey: subscriptionKeys.current(),
    queryFn: () => getCurrentSubscription(),
    enabled,
    staleTime: 60_000,
  });
}

function useInvalidateSubscription() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
}

export function useChangeTier() {
  const invalidate = useInvalidateSubscription();
  return useMutation({
    mutationFn: (input: ChangeTierInput) => changeTier(input),
    // A checkout answer sends the browser away: nothing changed yet, nothing to reload.
    onSuccess: (result) => (result.outcome === "checkout" ? undefined : invalidate()),
  });
}

export function useCancelSubscription() {
  const invalidate = useInvalidateSubscription();
  return useMutation({
    mutationFn: (input: CancelSubscriptionInput) => cancelSubscription(input),
    onSuccess: () => invalidate(),
  });
}

export function useReactivateSubscription() {
  const invalidate = useInvalidateSubscription();
  return useMutation({ mutationFn: () => reactivateSubscription(), onSuccess: () => invalidate() });
}

export function usePortalSession() {
  return useMutation({ mutationFn: () => createPortalSession() });
}

/** How long the page waits after Checkout for the webhook to make the paid plan visible. */
export const CHECKOUT_CONFIRM_TIMEOUT_MS = 60_000;
const CHECKOUT_POLL_MS = 1_000;

/**
 * Back from Stripe Checkout (?checkout=success&session_id=…): Stripe, not the browser, decides
 * whether the plan changed, so the page asks the server to read the session from Stripe every second
 * until a paid tier shows, or gives up after CHECKOUT_CONFIRM_TIMEOUT_MS. `sessionId` null: nothing to wait for.
 */
export function useCheckoutConfirmation(sessionId: string | null) {
  const [timedOut, setTimedOut] = useState(false);
  const query = useQuery({
    queryKey: subscriptionKeys.checkout(sessionId),
    // The server reads the session from Stripe (the webhook may be late); a session it cannot find
    // leaves the page to wait for the webhook.
    queryFn: () =>
      (sessionId ? confirmCheckout(sessionId) : getCurrentSubscription()).catch(() => getCurrentSubscription()),
    enabled: sessionId !== null && !timedOut,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.data && q.state.data.tier !== "free" ? false : CHECKOUT_POLL_MS),
  });

  useEffect(() => {
    if (sessionId === null) return;
    const timer = setTimeout(() => setTimedOut(true), CHECKOUT_CONFIRM_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [sessionId]);

  const confirmed = query.data !== undefined && query.data.tier !== "free";
  return {
    waiting: sessionId !== null && !confirmed && !timedOut,
    confirmed,
    timedOut: sessionId !== null && timedOut && !confirmed,
    subscription: confirmed ? query.data : undefined,
  };
}
