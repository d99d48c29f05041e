"use client";

import { useHydrated } from "@/lib/client/use-hydrated";

/**
 * A moment in the reader's zone and language, which the server does not know: the server's HTML
 * holds only its machine-readable value, and `format` writes the words once the page has hydrated,
 * so the server's HTML and the browser's first render agree.
 */
export function LocalTime({ iso, format }: { iso: string; format: (iso: string) => string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{hydrated ? format(iso) : null}</time>;
}

/** The same for an attribute (a tooltip): undefined until hydrated. */
export function useLocalTime(iso: string | null | undefined, format: (iso: string) => string): string | undefined {
  const hydrated = useHydrated();
  return hydrated && iso ? format(iso) : undefined;
}
