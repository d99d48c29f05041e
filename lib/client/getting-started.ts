"use client";

import { useCallback, useSyncExternalStore } from "react";
import {
  GETTING_STARTED_COOKIE_MAX_AGE_S,
  gettingStartedCookieName,
  parseGettingStartedMarks,
  serializeGettingStartedMarks,
  type GettingStartedMarks,
} from "@/lib/onboarding/getting-started-marks";

/** The browser's side of lib/onboarding/getting-started-marks.ts: the cookie read, written, watched. */

const EVENT = "postloom:getting-started";
const legacyStorageKey = (userId: string) => `postloom:getting-started:${userId}`;

/**
 * The marks last read per user. Reading document.cookie is a synchronous call into the browser
 * (29 ms of the dashboard's load at Lighthouse's 4x slowdown, for the few snapshots React takes),
 * so the cookie is read again only after this tab wrote it, or when the tab comes back into view
 * or focus (another tab may have written it meanwhile), and always before a write.
 */
const cache = new Map<string, { raw: string | null; marks: GettingStartedMarks; checked: boolean }>();

/** The next read looks at the cookie again (and keeps the same marks object if it did not change). */
function recheck(userId?: string) {
  for (const [id, entry] of cache) if (userId === undefined || id === userId) entry.checked = false;
}

function cookieValue(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split("; ")) if (part.startsWith(prefix)) return part.slice(prefix.length);
  return null;
}

function read(userId: string): GettingStartedMarks {
  const hit = cache.get(userId);
  if (hit?.checked) return hit.marks;
  const raw = cookieValue(gettingStartedCookieName(userId));
  if (hit && hit.raw === raw) {
    hit.checked = true;
    return hit.marks;
  }
  const marks = parseGettingStartedMarks(raw);
  cache.set(userId, { raw, marks, checked: true });
  return marks;
}

function write(userId: string, marks: GettingStartedMarks) {
  document.cookie = `${gettingStartedCookieName(userId)}=${serializeGettingStartedMarks(marks)}; Path=/; Max-Age=${GETTING_STARTED_COOKIE_MAX_AGE_S}; SameSite=Lax${window.location.protocol === "https:" ? "; Secure" : ""}`;
}

export function markGettingStarted(userId: string, change: Partial<GettingStartedMarks>): void {
  // The cookie as it is now (another tab may have written it since this one read it).
  recheck(userId);
  write(userId, { ...read(userId), ...change });
  recheck(userId);
  window.dispatchEvent(new Event(EVENT));
}

/**
 * Marks kept in localStorage before the cookie (until 2026-11): moved to the cookie once, so a
 * checklist dismissed then stays dismissed.
 */
export function adoptLegacyGettingStartedMarks(userId: string): void {
  try {
    const raw = window.localStorage.getItem(legacyStorageKey(userId));
    if (raw === null) return;
    window.localStorage.removeItem(legacyStorageKey(userId));
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object") return;
    const record = parsed as Record<string, unknown>;
    const change: Partial<GettingStartedMarks> = {};
    if (record.dismissed === true) change.dismissed = true;
    if (record.analyticsSeen === true) change.analyticsSeen = true;
    if (Object.keys(change).length > 0) markGettingStarted(userId, change);
  } catch {
    // Storage unavailable or unreadable: nothing to adopt.
  }
}

// Another tab may have written the cookie while this one was in the background or out of focus:
// forget what was read, whether or not a checklist is on screen now (the cache outlives the
// dashboard across client-side navigation), and tell the ones on screen.
if (typeof window !== "undefined") {
  const forget = () => {
    recheck();
    window.dispatchEvent(new Event(EVENT));
  };
  window.addEventListener("focus", forget);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") forget();
  });
}

function subscribe(onChange: () => void) {
  window.addEventListener(EVENT, onChange);
  return () => window.removeEventListener(EVENT, onChange);
}

/**
 * The marks of `userId`. `fromServer`: what the server read from the same cookie for this page
 * (the dashboard's server page), used while hydrating so both render the same checklist.
 */
export function useGettingStartedMarks(userId: string, fromServer: GettingStartedMarks): GettingStartedMarks {
  const getSnapshot = useCallback(() => read(userId), [userId]);
  return useSyncExternalStore(subscribe, getSnapshot, () => fromServer);
}
