/**
 * TanStack Query keys of the queue API (GET /api/queue), shared by the browser's hooks
 * (lib/client/hooks/queue.ts) and any page that answers them on the server.
 */
export const queueKeys = {
  all: ["queue"] as const,
  views: () => [...queueKeys.all, "view"] as const,
  /** The queue view of the next `days` days (1–14). */
  view: (days: number) => [...queueKeys.views(), days] as const,
};
