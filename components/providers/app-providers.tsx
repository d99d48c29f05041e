"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { SessionData } from "@/lib/client/requests/auth";
import { SessionProvider } from "@/lib/client/session";
import { ThemeProvider } from "@/components/theme/theme-provider";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { HttpError } from "@/lib/client/http";

/**
 * `nonce`: this request's script nonce, for the theme's inline script (see proxy.ts).
 * `initialSession`: the request's session as the server saw it (null for a visitor).
 */
export function AppProviders({
  children,
  nonce,
  initialSession,
}: {
  children: ReactNode;
  nonce?: string;
  initialSession: SessionData | null;
}) {
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
    <ThemeProvider nonce={nonce}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider initialSession={initialSession}>
          {children}
          <LazyToaster />
        </SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
