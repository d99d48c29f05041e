"use client";

import { useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { AiAssistantWidget } from "@/components/ai/ai-assistant-widget";
import { PastDueBanner } from "@/components/billing/past-due-banner";
import { useAdoptBrowserTimeZone } from "@/lib/client/hooks/analytics";
import { useSession } from "@/lib/client/session";
import { Footer } from "./footer";
import { PageSpinner } from "./page-spinner";
import { TopBar } from "./top-bar";

/**
 * Signed-in pages, rendered with the session the server saw (app/(app)/layout.tsx sends a visitor
 * home before this renders); home when the session ends while the page is open.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const router = useRouter();
  useAdoptBrowserTimeZone(session.status === "authenticated" ? session.data.workspace : null);

  useEffect(() => {
    if (session.status === "unauthenticated") router.replace("/");
  }, [session.status, router]);

  // Facebook appends "#_=_" to its redirects; it means nothing to us and should not linger in the URL.
  useEffect(() => {
    if (window.location.hash === "#_=_")
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
  }, []);

  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      {/* At least the viewport below the bar (h-16): the footer starts below the fold, so a page's
          content replacing the spinner does not move it on screen (a layout shift). */}
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-7xl flex-1 px-4 py-8 outline-none sm:px-6"
      >
        {session.status === "authenticated" ? (
          <>
            <PastDueBanner />
            {children}
          </>
        ) : (
          <PageSpinner label="Signing you out" />
        )}
      </main>
      <Footer />
      {session.status === "authenticated" && <AiAssistantWidget />}
    </div>
  );
}
