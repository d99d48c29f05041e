"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { analyticsKeys } from "@/lib/analytics/query-keys";
import { can } from "@/lib/workspaces/roles";
import type { WorkspaceSummary } from "@/lib/workspaces/schemas";
import type { DateRangeQuery } from "@/lib/analytics/schemas";
import {
  getBestTimes,
  getDashboardActivity,
  getOverview,
  getPerformance,
  getPlatformStats,
  getTopPosts,
  updateTimeZone,
} from "@/lib/client/requests/analytics";
import { PREFILLED_FRESH_MS } from "@/lib/client/prefilled-state";
import { useSession } from "@/lib/client/session";

/** TanStack Query over lib/client/requests/analytics.ts: query keys and queries per range. */

export { analyticsKeys };

// The figures move while the worker syncs: the previous range's answer stays on screen (dimmed by
// the page) while the next one loads, and no retries, so a failure shows its banner at once.
const rangeQuery = { placeholderData: keepPreviousData, retry: false, staleTime: 60_000 } as const;

export function useAnalyticsOverview(range: DateRangeQuery) {
  return useQuery({ queryKey: analyticsKeys.overview(range), queryFn: () => getOverview(range), ...rangeQuery });
}

export function usePerformance(range: DateRangeQuery) {
  return useQuery({
    queryKey: analyticsKeys.performance(range),
    queryFn: () => getPerformance(range, "day"),
    ...rangeQuery,
  });
}

export function usePlatformStats(range: DateRangeQuery) {
  return useQuery({ queryKey: analyticsKeys.platforms(range), queryFn: () => getPlatformStats(range), ...rangeQuery });
}

export function useTopPosts(range: DateRangeQuery) {
  return useQuery({ queryKey: analyticsKeys.topPosts(range), queryFn: () => getTopPosts(range), ...rangeQuery });
}

export function useBestTimes(range: DateRangeQuery) {
  return useQuery({ queryKey: analyticsKeys.bestTimes(range), queryFn: () => getBestTimes(range), ...rangeQuery });
}

/**
 * The dashboard's Recent Activity and AI Conversations; asked anew on every visit, except right
 * after the server has answered it with the page (app/(app)/dashboard/page.tsx).
 */
export function useDashboardActivity() {
  return useQuery({
    queryKey: analyticsKeys.activity(),
    queryFn: () => getDashboardActivity(),
    staleTime: PREFILLED_FRESH_MS,
  });
}

/**
 * Changing the zone moves every local day: all analytics answers are stale, and the session's
 * user (which Settings shows the zone from) is asked anew.
 */
export function useUpdateTimeZone() {
  const queryClient = useQueryClient();
  const { reload } = useSession();
  return useMutation({
    mutationFn: (timeZone: string) => updateTimeZone(timeZone),
    onSuccess: () => afterTimeZoneChange(queryClient, reload),
  });
}

function afterTimeZoneChange(queryClient: QueryClient, reloadSession: () => Promise<unknown>) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: analyticsKeys.all }), reloadSession()]);
}

const adoptedKey = (workspaceId: string) => `postloom:time-zone-adopted:${workspaceId}`;

/** The zone an analytics answer was counted in: the overview's range and best times carry it. */
function answerZone(data: unknown): string | null {
  if (typeof data !== "object" || data === null) return null;
  if ("timeZone" in data && typeof data.timeZone === "string") return data.timeZone;
  if ("range" in data && typeof data.range === "object" && data.range !== null && "timeZone" in data.range)
    return typeof data.range.timeZone === "string" ? data.range.timeZone : null;
  return null;
}

function answeredInAnotherZone(queryClient: QueryClient, zone: string): boolean {
  return queryClient.getQueriesData({ queryKey: analyticsKeys.all }).some(([, data]) => {
    const answered = answerZone(data);
    return answered !== null && answered !== zone;
  });
}

/**
 * Once per workspace and browser: a workspace still on the default zone (UTC) gets the browser's
 * zone when the person may change its settings, so its analytics days are their days from the
 * start. After that only Settings changes it (a deliberate choice of UTC is never undone). The
 * workspace's zone comes with the session the page was rendered with, so nothing is asked unless
 * the zone changes. Failures are left for the next load.
 */
export function useAdoptBrowserTimeZone(workspace: Pick<WorkspaceSummary, "id" | "timeZone" | "role"> | null) {
  const queryClient = useQueryClient();
  const { reload } = useSession();
  const mayChange = workspace !== null && can(workspace.role, "manageSettings");
  const [workspaceId, workspaceZone] = mayChange ? [workspace.id, workspace.timeZone] : [];
  useEffect(() => {
    if (!workspaceId || !workspaceZone) return;
    const adopted = window.localStorage.getItem(adoptedKey(workspaceId));
    // Adopted, but this page was rendered with the zone from before (the page that adopted it was
    // left while its request was on the way, and this one's session was read before it landed):
    // the session is read again, once; whatever zone it then has is the mark.
    if (adopted && adopted !== workspaceZone) {
      window.localStorage.setItem(adoptedKey(workspaceId), workspaceZone);
      void afterTimeZoneChange(queryClient, reload);
      return;
    }
    if (adopted) return;
    // A task of its own after hydration: reading the browser's zone can be the page's first Intl
    // call, which loads the locale data, and hydration's last task is long enough.
    const timer = window.setTimeout(
      () => void adoptBrowserTimeZone(workspaceId, workspaceZone, queryClient, reload),
      0,
    );
    return () => window.clearTimeout(timer);
  }, [workspaceId, workspaceZone, reload, queryClient]);
}

async function adoptBrowserTimeZone(
  workspaceId: string,
  workspaceZone: string,
  queryClient: QueryClient,
  reload: () => Promise<unknown>,
) {
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    // The mark is the zone the workspace has once this is done: a page rendered with another one
    // knows its session is older than the adoption (above).
    let zone = workspaceZone;
    if (browser && browser !== "UTC" && workspaceZone === "UTC") {
      await updateTimeZone(browser);
      zone = browser;
      await afterTimeZoneChange(queryClient, reload);
    }
    // An adoption begun on the page before (its request outlives the page) can land after
    // this page's analytics were answered in the old zone.
    else if (answeredInAnotherZone(queryClient, workspaceZone))
      await queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
    window.localStorage.setItem(adoptedKey(workspaceId), zone);
  } catch {
    // Offline or a refused zone: the next page load tries again.
  }
}
