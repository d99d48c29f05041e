import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";

/** Login and register: signed-out only, no main navigation. */
export default async function SignedOutLayout({ children }: { children: ReactNode }) {
  if (await getRenderSessionUser()) redirect("/dashboard");
  return (
    // Top-aligned on a phone, where the card is about as tall as the screen: a centred card moved
    // up as the rest of the page arrived (Lighthouse saw CLS 0.15-0.21 on /login and /register
    // when the slow machine painted before the whole form was in).
    <main
      id="main-content"
      tabIndex={-1}
      className="flex min-h-screen items-start justify-center px-4 py-12 outline-none sm:items-center"
    >
      {children}
    </main>
  );
}
