import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { getSessionUser } from "@/lib/auth/server/session";

/** Login and register: signed-out only, no main navigation. */
export default async function SignedOutLayout({ children }: { children: ReactNode }) {
  if (await getSessionUser()) redirect("/dashboard");
  return <main className="flex min-h-screen items-center justify-center px-4 py-12">{children}</main>;
}
