"use client";

import { startTransition, useEffect, useState } from "react";

/** Set once the page's first hydration has committed (AppProviders' effect, the last to run). */
let pageHydrated = false;

/** For AppProviders only: marks the end of the page's first hydration. */
export function useMarkPageHydrated(): void {
  useEffect(() => {
    pageHydrated = true;
  }, []);
}

/**
 * False on the server and while the browser takes over its HTML, true after. For what only the
 * browser knows (its zone and language, the time now): rendered after hydration, so the server's
 * HTML and the browser's first render agree. A component first rendered in the browser (a
 * client-side navigation, a dialog) is true at once.
 *
 * After hydration the flip is a transition, which React renders in slices between other tasks
 *: useSyncExternalStore, used before, forces a synchronous render of every component
 * whose store disagrees with the server's value, in hydration's last task, and the first of those
 * renders formats a date or number, which loads the locale data. It relies on every
 * server-rendered component hydrating in the page's first pass: our lazy components are all
 * `ssr: false`, and no server-rendered Suspense boundary holds a user of this (one hydrating
 * later would start true and not match its HTML).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => pageHydrated);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
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
 * transition, so the render it starts is time-sliced instead of one long task. For a
 * large part of a page that depends on the browser's zone (the Schedule's calendar).
 */
export function useRenderedAfterHydration(): boolean {
  const [rendered, setRendered] = useState(false);
  useEffect(() => startTransition(() => setRendered(true)), []);
  return rendered;
}

/**
 * False until `ready` has been true for one commit, then true, set in a transition: the second part
 * of a large render in a commit of its own. The browser's style and layout of what a commit adds
 * run in one task, so two commits are two shorter tasks (the Schedule's calendar and
 * post list together, 1,050 elements, took one 110 ms task under Lighthouse's slowdown).
 */
export function useRenderedAfter(ready: boolean): boolean {
  const [rendered, setRendered] = useState(false);
  useEffect(() => {
    if (ready && !rendered) startTransition(() => setRendered(true));
  }, [ready, rendered]);
  return rendered;
}
