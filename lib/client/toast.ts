import type { ReactNode } from "react";
import type { ExternalToast } from "sonner";

/**
 * The app's notifications, with sonner loaded on first use: sonner and its styles were in every
 * page's first load (about 85 ms of the main thread at 4x CPU slowdown, before anything was said).
 * A toast loads sonner, has the app's <Toaster> mounted (components/ui/lazy-toaster.tsx) and then
 * shows; the first pointer or key press on a page loads it ahead, so the first toast of a visit,
 * which follows an action, rarely waits. Use this, never sonner's own `toast` (lint forbids it).
 */

type Sonner = typeof import("sonner");
type Kind = "success" | "error" | "info" | "warning";

let loading: Promise<Sonner> | null = null;
let wanted = false;
const wantedListeners = new Set<() => void>();
let toasterMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (toasterMounted = resolve));

/** Loads sonner and mounts the Toaster once; resolves when a toast can show. */
export function loadToasts(): Promise<Sonner> {
  if (!loading) {
    wanted = true;
    for (const listener of wantedListeners) listener();
    loading = Promise.all([import("sonner"), mounted]).then(
      ([sonner]) => sonner,
      (error: unknown) => {
        loading = null; // a chunk that failed to load (offline): the next toast tries again
        throw error;
      },
    );
  }
  return loading;
}

/** For the lazy Toaster (useSyncExternalStore): whether a toast has been asked for yet. */
export const toasterWanted = {
  subscribe(listener: () => void) {
    wantedListeners.add(listener);
    return () => void wantedListeners.delete(listener);
  },
  get: () => wanted,
  getServer: () => false,
};

/** Called by the Toaster once it is mounted (and so subscribed to sonner's toasts). */
export function markToasterMounted(): void {
  toasterMounted();
}

function show(kind: Kind) {
  return (message: ReactNode, options?: ExternalToast): void => {
    loadToasts().then(
      (sonner) => sonner.toast[kind](message, options),
      (error: unknown) => console.error("[toast] could not load the notifications", error),
    );
  };
}

export const toast = { success: show("success"), error: show("error"), info: show("info"), warning: show("warning") };
