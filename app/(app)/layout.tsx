import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { PrefilledQueries, type PrefilledEntries } from "@/components/providers/prefilled-queries";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";
import { subscriptionKeys } from "@/lib/billing/query-keys";
import { getCurrentSubscription } from "@/lib/billing/server/subscription";

export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const user = await getRenderSessionUser();
  if (!user) redirect("/");
  // The past-due banner's subscription (GET /api/subscription/current) comes with the first page
  //: every signed-in page asked for it as it loaded.
  const read = async (): Promise<PrefilledEntries> => [
    [subscriptionKeys.current(), await getCurrentSubscription(user.id)],
  ];
  return (
    <PrefilledQueries read={read}>
      <AppShell>{children}</AppShell>
    </PrefilledQueries>
  );
}
