"use client";

import { HydrationBoundary, type DehydratedState } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { useHydrated } from "@/lib/client/use-hydrated";
import { http } from "@/lib/client/http";
import { withoutOldAnswers } from "@/lib/client/prefilled-state";

/**
 * PrefilledQueries' browser side. While the page's HTML is taken over, every answer is used as the
 * server rendered with it (anything else would not match its HTML). When the page is rendered in
 * the browser instead (a client-side navigation, Back or Forward), answers older than
 * PREFILLED_MAX_AGE_MS are left out and asked for again. Answers of another workspace than the
 * tab's are all left out.
 */
export function PrefilledBoundary({
  workspaceId,
  state,
  children,
}: {
  workspaceId: string;
  state: DehydratedState;
  children: ReactNode;
}) {
  const hydrating = !useHydrated();
  // Once per answer set the server sends (a new one with each navigation to the page); the clock is
  // read then, so a later re-render keeps the same answers.
  const kept = useMemo(() => {
    if (workspaceId !== http.workspace()) return { mutations: [], queries: [] };
    return hydrating ? state : withoutOldAnswers(state);
  }, [state, hydrating, workspaceId]);
  return <HydrationBoundary state={kept}>{children}</HydrationBoundary>;
}
