import type { Metadata } from "next";
import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { AppProviders } from "@/components/providers/app-providers";
import { SkipLink } from "@/components/layout/skip-link";
import { getRenderSessionSummary } from "@/lib/auth/server/render-session";
import { getTheme, themeCookieName } from "@/lib/themes";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Postloom", template: "%s · Postloom" },
  description: "AI content generation, smart scheduling and performance analytics for your social media.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The theme the browser keeps (components/theme/theme-provider.tsx), so the first paint has its
  // colours with no script before it. Reading cookies renders every page per request, which the
  // proxy's per-request script nonce needs anyway: Next.js puts it on its own scripts.
  const theme = getTheme((await cookies()).get(themeCookieName)?.value);
  // The session of the request, as /api/auth/me would answer it: signed-in pages render with it
  // on the server, and the browser asks nothing on load (a visitor's page made two 401s before).
  const session = await getRenderSessionSummary();
  return (
    <html lang="en" data-theme={theme.name} suppressHydrationWarning>
      <body className="bg-background text-foreground min-h-screen antialiased">
        <SkipLink />
        <AppProviders initialTheme={theme.name} initialSession={session}>
          {children}
        </AppProviders>
      </body>
    </html>
  );
}
