"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and while the browser takes over its HTML, true after. For what only the
 * browser knows (its zone and language, the time now): rendered after hydration, so the server's
 * HTML and the browser's first render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * The moment to count ages and deadlines from ('5m ago', 'Expires in 3 days'): when the data was
 * read (`readAt`, e.g. a query's dataUpdatedAt) until the page has hydrated, so the server's HTML
 * and the browser's first render agree; now after.
 */
export function useNowAfterHydration(readAt: number): Date {
  return useHydrated() ? new Date() : new Date(readAt);
}
