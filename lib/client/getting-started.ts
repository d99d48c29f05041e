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
 * (another tab may have written it meanwhile).
 */
const cache = new Map<string, GettingStartedMarks>();

function cookieValue(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split("; ")) if (part.startsWith(prefix)) return part.slice(prefix.length);
  return null;
}

function read(userId: string): GettingStartedMarks {
  const hit = cache.get(userId);
  if (hit) return hit;
  const marks = parseGettingStartedMarks(cookieValue(gettingStartedCookieName(userId)));
  cache.set(userId, marks);
  return marks;
}

function write(userId: string, marks: GettingStartedMarks) {
  document.cookie = `${gettingStartedCookieName(userId)}=${serializeGettingStartedMarks(marks)}; Path=/; Max-Age=${GETTING_STARTED_COOKIE_MAX_AGE_S}; SameSite=Lax${window.location.protocol === "https:" ? "; Secure" : ""}`;
}

export function markGettingStarted(userId: string, change: Partial<GettingStartedMarks>): void {
  write(userId, { ...read(userId), ...change });
  cache.delete(userId);
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

function subscribe(onChange: () => void) {
  const onShown = () => {
    if (document.visibilityState !== "visible") return;
    cache.clear();
    onChange();
  };
  window.addEventListener(EVENT, onChange);
  document.addEventListener("visibilitychange", onShown);
  return () => {
    window.removeEventListener(EVENT, onChange);
    document.removeEventListener("visibilitychange", onShown);
  };
}

/**
 * The marks of `userId`. `fromServer`: what the server read from the same cookie for this page
 * (the dashboard's server page), used while hydrating so both render the same checklist.
 */
export function useGettingStartedMarks(userId: string, fromServer: GettingStartedMarks): GettingStartedMarks {
  const getSnapshot = useCallback(() => read(userId), [userId]);
  return useSyncExternalStore(subscribe, getSnapshot, () => fromServer);
}
