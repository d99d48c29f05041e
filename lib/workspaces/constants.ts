/**
 * Shared by both sides, and free of zod: the browser's one HTTP client imports it on every page.
 */

/** The header a browser tab names its workspace with; without it the cookie's, then the first. */
export const WORKSPACE_HEADER = "x-workspace-id";
/** The workspace a new page opens in (the switcher's last choice). */
export const WORKSPACE_COOKIE = "postloom_workspace";
