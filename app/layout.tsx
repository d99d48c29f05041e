import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { AppProviders } from "@/components/providers/app-providers";
import { SkipLink } from "@/components/layout/skip-link";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";
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
  // Whether a live session came with the request: without one the browser does not probe
  // /api/auth/me and /api/auth/user (two 401s on every visitor's page).
  const signedIn = (await getRenderSessionUser()) !== null;
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="bg-background text-foreground min-h-screen antialiased">
        <SkipLink />
        <AppProviders nonce={nonce} signedIn={signedIn}>
          {children}
        </AppProviders>
      </body>
    </html>
  );
}
