import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { getSessionUser } from "@/lib/auth/server/session";

export default async function SignedInLayout({ children }: { children: ReactNode }) {
  if (!(await getSessionUser())) redirect("/");
  return <AppShell>{children}</AppShell>;
}
