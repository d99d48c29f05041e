/**
 * The dashboard banner's "navigation state": a page that sends the user to /dashboard with a
 * message (the OAuth callback page) writes it to sessionStorage first; the dashboard reads it once
 * and clears it, so a reload or a later visit does not show it again.
 */

export const DASHBOARD_BANNER_KEY = "postloom:dashboard-banner";

export type DashboardBannerType = "success" | "error";

export interface DashboardBanner {
  message: string;
  type: DashboardBannerType;
}

export function writeDashboardBanner(banner: DashboardBanner): void {
  try {
    window.sessionStorage.setItem(DASHBOARD_BANNER_KEY, JSON.stringify(banner));
  } catch {
    // Storage may be unavailable (private mode, quota): the banner is a courtesy, not required.
  }
}

/** The stored banner, if any and well-formed. Does not clear it (see clearDashboardBanner). */
export function readDashboardBanner(): DashboardBanner | null {
  if (typeof window === "undefined") return null;
  try {
    const raw = window.sessionStorage.getItem(DASHBOARD_BANNER_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object") return null;
    const { message, type } = value as { message?: unknown; type?: unknown };
    if (typeof message !== "string" || !message) return null;
    if (type !== "success" && type !== "error") return null;
    return { message, type };
  } catch {
    return null;
  }
}

export function clearDashboardBanner(): void {
  try {
    window.sessionStorage.removeItem(DASHBOARD_BANNER_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
