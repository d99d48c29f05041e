"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { SessionData } from "@/lib/client/requests/auth";
import { SessionProvider } from "@/lib/client/session";
import { ThemeProvider } from "@/components/theme/theme-provider";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { HttpError } from "@/lib/client/http";
import type { ThemeName } from "@/lib/themes";
import { useMarkPageHydrated } from "@/lib/client/use-hydrated";

/**
 * `initialTheme`: the theme the server rendered <html> with (the "theme" cookie).
 * `initialSession`: the request's session as the server saw it (null for a visitor).
 */
export function AppProviders({
  children,
  initialTheme,
  initialSession,
}: {
  children: ReactNode;
  initialTheme: ThemeName;
  initialSession: SessionData | null;
}) {
  useMarkPageHydrated();
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 30_000,
            // A 4xx will not heal by asking again.
            retry: (count, error) =>
              !(error instanceof HttpError && error.status >= 400 && error.status < 500) && count < 2,
          },
        },
      }),
  );
  return (
    <ThemeProvider initialTheme={initialTheme}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider initialSession={initialSession}>
          {children}
          <LazyToaster />
        </SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
