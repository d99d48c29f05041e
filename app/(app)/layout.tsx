import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";

export default async function SignedInLayout({ children }: { children: ReactNode }) {
  if (!(await getRenderSessionUser())) redirect("/");
  return <AppShell>{children}</AppShell>;
}
