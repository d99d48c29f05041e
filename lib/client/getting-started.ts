"use client";

import { useCallback, useSyncExternalStore } from "react";

/**
 * What the dashboard's getting-started checklist remembers in this browser, per user: that it was
 * dismissed and that Analytics was opened. localStorage, not the database: both are about this
 * person's first look around, losing them costs one click ("Dismiss" again), and keeping them here
 * needs no migration and no API. The other steps tick from the user's real accounts and posts.
 */
export interface GettingStartedMarks {
  dismissed: boolean;
  analyticsSeen: boolean;
}

const EMPTY: GettingStartedMarks = { dismissed: false, analyticsSeen: false };
const EVENT = "postloom:getting-started";
const storageKey = (userId: string) => `postloom:getting-started:${userId}`;

const cache = new Map<string, { raw: string | null; marks: GettingStartedMarks }>();

function read(userId: string): GettingStartedMarks {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(storageKey(userId));
  } catch {
    return EMPTY;
  }
  const hit = cache.get(userId);
  if (hit && hit.raw === raw) return hit.marks;
  let marks = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === "object") {
      const record = parsed as Record<string, unknown>;
      marks = { dismissed: record.dismissed === true, analyticsSeen: record.analyticsSeen === true };
    }
  } catch {
    marks = EMPTY;
  }
  cache.set(userId, { raw, marks });
  return marks;
}

export function markGettingStarted(userId: string, change: Partial<GettingStartedMarks>): void {
  const next = { ...read(userId), ...change };
  try {
    window.localStorage.setItem(storageKey(userId), JSON.stringify(next));
  } catch {
    return;
  }
  window.dispatchEvent(new Event(EVENT));
}

function subscribe(onChange: () => void) {
  window.addEventListener(EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** The marks of `userId`; null while rendering on the server (nothing is known there). */
export function useGettingStartedMarks(userId: string): GettingStartedMarks | null {
  const getSnapshot = useCallback(() => read(userId), [userId]);
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}
