import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { PrefilledQueries, type PrefilledEntries } from "@/components/providers/prefilled-queries";
import { getRenderActor } from "@/lib/auth/server/render-session";
import { subscriptionKeys } from "@/lib/billing/query-keys";
import { getCurrentSubscription } from "@/lib/billing/server/subscription";
import { notificationKeys } from "@/lib/notifications/query-keys";
import { listNotifications } from "@/lib/notifications/server/queries";

export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const actor = await getRenderActor();
  if (!actor) redirect("/");
  // What every signed-in page shows in its frame comes with it: the past-due banner's subscription
  // (GET /api/subscription/current) and the bell's notifications (GET /api/notifications).
  const read = async (): Promise<PrefilledEntries> => {
    const [subscription, notifications] = await Promise.all([
      getCurrentSubscription(actor.workspaceId),
      listNotifications(actor.userId),
    ]);
    return [
      [subscriptionKeys.current(), subscription],
      [notificationKeys.list(), notifications],
    ];
  };
  return (
    <PrefilledQueries workspaceId={actor.workspaceId} read={read}>
      <AppShell>{children}</AppShell>
    </PrefilledQueries>
  );
}
