"use client";

import { useHydrated } from "@/lib/client/use-hydrated";
import { formatDateTime } from "./post-display";

/**
 * A moment in the reader's zone and language. The server knows neither, so the page's HTML holds
 * only the machine-readable value; the words are written as the page hydrates (issue #18: the
 * lists arrive with the page, and their HTML must match the browser's first render).
 */
export function LocalDateTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{hydrated ? formatDateTime(iso) : null}</time>;
}

/** The same for an attribute (a tooltip): nothing until hydrated. */
export function useLocalDateTime(iso: string | null | undefined): string | undefined {
  const hydrated = useHydrated();
  return hydrated && iso ? formatDateTime(iso) : undefined;
}
