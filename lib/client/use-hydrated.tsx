"use client";

import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from "react";

const HydratedContext = createContext(false);

/**
 * Says when the page has hydrated, for every `useHydrated` below it (AppProviders puts it at the
 * root). It turns true in a transition after hydration: the render that then writes what only the
 * browser knows (dates in its zone and language, ages from now) is time-sliced and touches only the
 * components that asked, where a store per component (useSyncExternalStore) forced one blocking
 * re-render after hydration (issue #18: 50 ms of the Billing page's longest task at 4x slowdown).
 */
export function HydrationFlag({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/**
 * False on the server and while the browser takes over its HTML, true after. For what only the
 * browser knows (its zone and language, the time now): rendered after hydration, so the server's
 * HTML and the browser's first render agree.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/**
 * The moment to count ages and deadlines from ('5m ago', 'Expires in 3 days'): when the data was
 * read (`readAt`, e.g. a query's dataUpdatedAt) until the page has hydrated, so the server's HTML
 * and the browser's first render agree; now after.
 */
export function useNowAfterHydration(readAt: number): Date {
  return useHydrated() ? new Date() : new Date(readAt);
}
