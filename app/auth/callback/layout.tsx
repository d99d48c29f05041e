import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { Logo } from "@/components/layout/logo";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";

/** OAuth return pages: signed-in only, no main navigation, just the logo. */
export default async function OAuthCallbackLayout({ children }: { children: ReactNode }) {
  if (!(await getRenderSessionUser())) redirect("/");
  return (
    <div className="flex min-h-screen flex-col items-center px-4 py-10">
      <header className="flex w-full justify-center">
        <Logo />
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="flex w-full flex-1 items-center justify-center py-10 outline-none"
      >
        {children}
      </main>
    </div>
  );
}
