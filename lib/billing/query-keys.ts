/**
 * TanStack Query keys of the subscription API, in a module without React (as the posts', social
 * and analytics keys are), so a server page can answer them too (docs/decisions/0044-pages-arrive-with-first-queries.md:
 * "Signed-in pages arrive with their first queries answered": Billing is not one of them yet).
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
