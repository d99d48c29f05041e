/**
 * What the dashboard's getting-started checklist remembers per user in this browser: that it was
 * dismissed and that Analytics was opened. Kept in a cookie, not the database: both are about this
 * person's first look around, and losing them costs one click ("Dismiss" again). A cookie, not
 * localStorage, because the server renders the dashboard and must know whether the
 * checklist is there: deciding it only in the browser moved everything below it after the first
 * paint. Pure functions, shared by the dashboard's server page and the browser.
 */
export interface GettingStartedMarks {
  dismissed: boolean;
  analyticsSeen: boolean;
}

export const NO_MARKS: GettingStartedMarks = { dismissed: false, analyticsSeen: false };

/** One cookie per user, so two people sharing a browser keep their own. */
export const gettingStartedCookieName = (userId: string) => `postloom-getting-started-${userId}`;

/** A year: the checklist is for a new user's first weeks. */
export const GETTING_STARTED_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** "d" for dismissed, "a" for Analytics seen; anything else is ignored. */
export function parseGettingStartedMarks(value: string | undefined | null): GettingStartedMarks {
  if (!value) return NO_MARKS;
  return { dismissed: value.includes("d"), analyticsSeen: value.includes("a") };
}

export function serializeGettingStartedMarks(marks: GettingStartedMarks): string {
  return `${marks.dismissed ? "d" : ""}${marks.analyticsSeen ? "a" : ""}` || "-";
}
