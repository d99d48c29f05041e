"use client";

import type { ReactNode } from "react";
import { ThemeProvider as NextThemesProvider } from "next-themes";
import { defaultTheme, themeNames, themeStorageKey } from "@/lib/themes";

/** Sets `data-theme` on <html> and keeps the choice in localStorage under "theme" (spec, "Themes"). */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <NextThemesProvider
      attribute="data-theme"
      themes={themeNames}
      defaultTheme={defaultTheme}
      enableSystem={false}
      storageKey={themeStorageKey}
      disableTransitionOnChange
    >
      {children}
    </NextThemesProvider>
  );
}
