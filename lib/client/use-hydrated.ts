"use client";

import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

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

/**
 * False on the server, at hydration and on a client-side arrival; true right after, set in a
 * transition, so the render it starts is time-sliced instead of one long task (issue #18). For a
 * large part of a page that depends on the browser's zone (the Schedule's calendar).
 */
export function useRenderedAfterHydration(): boolean {
  const [rendered, setRendered] = useState(false);
  useEffect(() => startTransition(() => setRendered(true)), []);
  return rendered;
}
