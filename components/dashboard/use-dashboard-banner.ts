"use client";

import { useEffect, useRef, useState } from "react";
import { useSession } from "@/lib/client/session";
import { clearDashboardBanner, readDashboardBanner, type DashboardBanner } from "./dashboard-banner-state";

/** Spec section 9: the dashboard banner hides itself after 5 s. */
export const DASHBOARD_BANNER_MS = 5_000;

/**
 * The banner handed over by the previous page (see dashboard-banner-state.ts): read once, cleared
 * from storage, hidden after 5 s. A success banner means an account was just connected, so the
 * session's accounts and stats are reloaded; `reloading` is true until that finishes.
 */
export function useDashboardBanner() {
  const { reload } = useSession();
  // Read during the first render (the dashboard only renders in the browser, once signed in) so the
  // banner shows at once; the storage is cleared in the effect below.
  const [initial] = useState(readDashboardBanner);
  const [banner, setBanner] = useState<DashboardBanner | null>(initial);
  const [reloading, setReloading] = useState(initial?.type === "success");
  const reloadStarted = useRef(false);

  useEffect(() => {
    clearDashboardBanner();
    if (initial?.type !== "success" || reloadStarted.current) return;
    reloadStarted.current = true;
    void reload().finally(() => setReloading(false));
  }, [initial, reload]);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), DASHBOARD_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  return { banner, dismiss: () => setBanner(null), reloading };
}
