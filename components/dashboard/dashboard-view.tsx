"use client";

import { useSession } from "@/components/session/session-provider";

export function DashboardView() {
  const { session } = useSession();
  if (session.status !== "authenticated") return null;
  const { user } = session.data;

  return (
    <div className="grid gap-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Welcome back, {user.name || user.email}!</h1>
        <p className="text-muted-foreground mt-1">Here is what is happening with your social accounts.</p>
      </header>
    </div>
  );
}
