import type { DehydratedState } from "@tanstack/react-query";

/**
 * How old a page's prefilled answers may be when the browser shows that page again without asking
 * the server: Back and Forward replay the page as the server sent it then, with the answers it read
 * then. Older ones are left out and asked for again (the editor would otherwise fill its form from
 * a post as it was minutes ago). The same as the app's staleTime (components/providers/app-providers.tsx).
 */
export const PREFILLED_MAX_AGE_MS = 30_000;

/**
 * How long an answer the server has just sent with its page counts as fresh, for a query that is
 * otherwise asked on every visit (the worker changes its data behind the browser's back): longer
 * than a page takes to hydrate, so the page does not ask at once for what it arrived with.
 */
export const PREFILLED_FRESH_MS = 10_000;

/** `state` without the answers read more than PREFILLED_MAX_AGE_MS before `now`. */
export function withoutOldAnswers(state: DehydratedState, now = Date.now()): DehydratedState {
  const queries = state.queries.filter((query) => now - query.state.dataUpdatedAt <= PREFILLED_MAX_AGE_MS);
  return queries.length === state.queries.length ? state : { ...state, queries };
}
