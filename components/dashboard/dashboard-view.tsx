"use client";

import { useState } from "react";
import type { GettingStartedMarks } from "@/lib/onboarding/getting-started-marks";
import { useSession } from "@/lib/client/session";
import { useDashboardActivity } from "@/lib/client/hooks/analytics";
import { useConnectedAccounts } from "@/lib/client/hooks/social";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import { LazyConnectAccountDialog } from "@/components/social/lazy-connect-account-dialog";
import { ConnectedAccounts } from "./connected-accounts";
import { MessageBanner } from "@/components/ui/message-banner";
import { GettingStarted } from "./getting-started";
import { RecentActivity } from "./recent-activity";
import { StatCards } from "./stat-cards";
import { useDashboardBanner } from "./use-dashboard-banner";

/** `gettingStartedMarks`: the checklist's marks as the server read them (app/(app)/dashboard/page.tsx). */
export function DashboardView({ gettingStartedMarks }: { gettingStartedMarks: GettingStartedMarks }) {
  const { session } = useSession();
  const { banner, dismiss, reloading } = useDashboardBanner();
  const [connectOpen, setConnectOpen] = useState(false);
  const connectMounted = useOpenedOnce(connectOpen);
  // Token expiry lives on the accounts (GET /api/social/accounts), not on the session's pages.
  const accounts = useConnectedAccounts();
  const activity = useDashboardActivity();
  if (session.status !== "authenticated") return null;
  const { user, socialAccounts, stats, postCounts, returning } = session.data;

  return (
    <div className="grid gap-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">
          {returning ? "Welcome back" : "Welcome"}, {user.name || user.email}!
        </h1>
        <p className="text-muted-foreground mt-1">Here is what is happening with your social accounts.</p>
      </header>

      {banner && <MessageBanner banner={banner} onDismiss={dismiss} />}

      <GettingStarted
        userId={user.id}
        hasPages={socialAccounts.some((group) => group.pages.length > 0)}
        postCounts={postCounts}
        marksFromServer={gettingStartedMarks}
        onConnect={() => setConnectOpen(true)}
      />

      <StatCards
        stats={stats}
        loading={reloading}
        aiConversations={activity.data?.aiConversations ?? null}
        aiConversationsLoading={activity.isPending}
      />

      <div className="grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ConnectedAccounts
            groups={socialAccounts}
            accounts={accounts.data ?? []}
            loading={reloading}
            onAddAccount={() => setConnectOpen(true)}
          />
        </div>
        <RecentActivity
          items={activity.data?.items}
          asOf={activity.dataUpdatedAt}
          loading={activity.isPending}
          error={activity.error}
          onRetry={() => void activity.refetch()}
        />
      </div>

      {connectMounted && <LazyConnectAccountDialog open={connectOpen} onOpenChange={setConnectOpen} />}
    </div>
  );
}
