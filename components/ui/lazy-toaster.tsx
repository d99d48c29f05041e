"use client";

import dynamic from "next/dynamic";
import { useEffect, useSyncExternalStore } from "react";
import { loadToasts, toasterWanted } from "@/lib/client/toast";

const Toaster = dynamic(() => import("./sonner").then((m) => m.Toaster), { ssr: false });

/** Warms the notifications on the first pointer or key press: what follows an action may be a toast. */
const WARM_ON = ["pointerdown", "keydown"] as const;

/** The app's <Toaster>, mounted with sonner when the first toast is asked for (lib/client/toast.ts). */
export function LazyToaster() {
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, toasterWanted.getServer);
  useEffect(() => {
    const warm = () => void loadToasts().catch(() => undefined);
    for (const event of WARM_ON) window.addEventListener(event, warm, { once: true, passive: true });
    return () => {
      for (const event of WARM_ON) window.removeEventListener(event, warm);
    };
  }, []);
  return wanted ? <Toaster /> : null;
}
