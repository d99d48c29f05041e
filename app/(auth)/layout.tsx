import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";

/** Login and register: signed-out only, no main navigation. */
export default async function SignedOutLayout({ children }: { children: ReactNode }) {
  if (await getRenderSessionUser()) redirect("/dashboard");
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="flex min-h-screen items-center justify-center px-4 py-12 outline-none"
    >
      {children}
    </main>
  );
}
