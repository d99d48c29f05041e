/**
 * Postgres startup options for a connection of the app (db/index.ts) or of a test that writes as
 * the app does. `postloom.metrics_first_read = at-once` makes migration 0013's trigger set a
 * published page's first metrics read to now instead of its 15-minute grid (METRICS_FIRST_READ).
 * Nothing by default: a pooler in front of Postgres may refuse startup options it does not know.
 */
export function connectionOptions(metricsFirstRead: string | undefined): { options?: string } {
  return metricsFirstRead === "at-once" ? { options: "-c postloom.metrics_first_read=at-once" } : {};
}
