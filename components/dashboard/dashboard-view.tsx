"use client";

import { useState } from "react";
import { useSession } from "@/lib/client/session";
import { ConnectAccountDialog } from "@/components/social/connect-account-dialog";
import { useConnectedAccounts } from "@/lib/client/hooks/social";
import { ConnectedAccounts } from "./connected-accounts";
import { DashboardBanner } from "./dashboard-banner";
import { RecentActivity } from "./recent-activity";
import { StatCards } from "./stat-cards";
import { useDashboardBanner } from "./use-dashboard-banner";

export function DashboardView() {
  const { session } = useSession();
  const { banner, dismiss, reloading } = useDashboardBanner();
  const [connectOpen, setConnectOpen] = useState(false);
  // Token expiry lives on the accounts (GET /api/social/accounts), not on the session's pages.
  const accounts = useConnectedAccounts();
  if (session.status !== "authenticated") return null;
  const { user, socialAccounts, stats } = session.data;

  return (
    <div className="grid gap-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Welcome back, {user.name || user.email}!</h1>
        <p className="text-muted-foreground mt-1">Here is what is happening with your social accounts.</p>
      </header>

      {banner && <DashboardBanner banner={banner} onDismiss={dismiss} />}

      <StatCards stats={stats} loading={reloading} />

      <div className="grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ConnectedAccounts
            groups={socialAccounts}
            accounts={accounts.data ?? []}
            loading={reloading}
            onAddAccount={() => setConnectOpen(true)}
          />
        </div>
        <RecentActivity />
      </div>

      <ConnectAccountDialog open={connectOpen} onOpenChange={setConnectOpen} />
    </div>
  );
}
