"use client";

import type { ReactNode } from "react";
import { ThemeProvider as NextThemesProvider } from "next-themes";
import { defaultTheme, themeNames, themeStorageKey } from "@/lib/themes";

/** Sets `data-theme` on <html> and keeps the choice in localStorage under "theme" (spec, "Themes"). */
/**
 * `nonce` is this request's script nonce: next-themes sets the theme with an inline script before
 * the page paints, which the Content-Security-Policy refuses without it.
 */
export function ThemeProvider({ children, nonce }: { children: ReactNode; nonce?: string }) {
  return (
    <NextThemesProvider
      attribute="data-theme"
      themes={themeNames}
      defaultTheme={defaultTheme}
      enableSystem={false}
      storageKey={themeStorageKey}
      disableTransitionOnChange
      nonce={nonce}
    >
      {children}
    </NextThemesProvider>
  );
}
