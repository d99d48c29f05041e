"use client";

import { useEffect } from "react";
import { markGettingStarted } from "@/lib/client/getting-started";
import { useSession } from "@/lib/client/session";

/** Ticks the dashboard checklist's 'See your analytics' step once Analytics has been opened. */
export function AnalyticsSeenMark() {
  const { session } = useSession();
  const userId = session.status === "authenticated" ? session.data.user.id : null;
  useEffect(() => {
    if (userId) markGettingStarted(userId, { analyticsSeen: true });
  }, [userId]);
  return null;
}
