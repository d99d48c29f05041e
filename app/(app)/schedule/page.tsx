import { ScheduleView } from "@/components/schedule/schedule-view";
import { PrefilledQueries, type PrefilledEntries } from "@/components/providers/prefilled-queries";
import { analyticsKeys } from "@/lib/analytics/query-keys";
import { getOverview } from "@/lib/analytics/server/queries";
import { getRenderActor } from "@/lib/auth/server/render-session";
import { SCHEDULE_LIST } from "@/lib/posts/query-keys";
import { prefillPostLists, prefillPostTotals } from "@/lib/posts/server/prefill";

export const metadata = { title: "Schedule" };

/**
 * The scheduler's first queries are answered here, with the page, as GET /api/post and
 * /api/analytics/overview answer the same keys.
 */
async function scheduleQueries(workspaceId: string): Promise<PrefilledEntries> {
  // The posts the calendar shows, and the totals its stat cards show (the content list's).
  const [lists, totals, overview] = await Promise.all([
    prefillPostLists(workspaceId, [SCHEDULE_LIST]),
    prefillPostTotals(workspaceId),
    getOverview(workspaceId, {}),
  ]);
  return [...lists, ...totals, [analyticsKeys.overview({}), overview]];
}

export default async function SchedulePage({ searchParams }: { searchParams: Promise<{ view?: string | string[] }> }) {
  // The signed-in layout has sent a visitor home already; the user is known here.
  const actor = await getRenderActor();
  if (!actor) return null;
  const { view } = await searchParams;
  return (
    <PrefilledQueries workspaceId={actor.workspaceId} read={() => scheduleQueries(actor.workspaceId)}>
      <ScheduleView initialTab={view === "queue" ? "queue" : "calendar"} />
    </PrefilledQueries>
  );
}
