import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { AppProviders } from "@/components/providers/app-providers";
import { SkipLink } from "@/components/layout/skip-link";
import { getRenderSessionSummary } from "@/lib/auth/server/render-session";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Postloom", template: "%s · Postloom" },
  description: "AI content generation, smart scheduling and performance analytics for your social media.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The proxy's per-request script nonce (proxy.ts). Reading it renders every page per request,
  // which nonces require: a page built ahead of time would carry no nonce and its scripts would be
  // refused.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  // The session of the request, as /api/auth/me would answer it: signed-in pages render with it
  // on the server, and the browser asks nothing on load (a visitor's page made two 401s before).
  const session = await getRenderSessionSummary();
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="bg-background text-foreground min-h-screen antialiased">
        <SkipLink />
        <AppProviders nonce={nonce} initialSession={session}>
          {children}
        </AppProviders>
      </body>
    </html>
  );
}
