/**
 * TanStack Query keys of the subscription API, shared by the browser's hooks
 * (lib/client/hooks/subscription.ts) and the Billing page that answers them on the server
 * (app/(app)/billing/page.tsx).
 */

export const subscriptionKeys = {
  all: ["subscription"] as const,
  dashboard: () => [...subscriptionKeys.all, "dashboard"] as const,
  current: () => [...subscriptionKeys.all, "current"] as const,
  history: (limit: number) => [...subscriptionKeys.all, "history", limit] as const,
  checkout: (sessionId: string | null) => [...subscriptionKeys.all, "checkout", sessionId] as const,
};

/** Spec section 9: the billing page shows the last 6 periods. */
export const BILLING_HISTORY_LIMIT = 6;
