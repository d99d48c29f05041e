import { cookies } from "next/headers";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { PrefilledQueries, type PrefilledEntries } from "@/components/providers/prefilled-queries";
import { getDashboardActivity } from "@/lib/analytics/server/activity";
import { analyticsKeys } from "@/lib/analytics/query-keys";
import { getRenderActor } from "@/lib/auth/server/render-session";
import { gettingStartedCookieName, parseGettingStartedMarks } from "@/lib/onboarding/getting-started-marks";
import { prefillPostTotals } from "@/lib/posts/server/prefill";
import { listAccounts } from "@/lib/social/server/queries";
import { socialKeys } from "@/lib/social/query-keys";
import type { Actor } from "@/lib/workspaces/schemas";

export const metadata = { title: "Dashboard" };

/**
 * The dashboard's first queries are answered here, with the page: the browser renders
 * them as it hydrates instead of re-rendering the whole dashboard when they arrive, which was its
 * longest task. Each answer is what the API's route answers for the same key.
 */
async function dashboardQueries(actor: Actor): Promise<PrefilledEntries> {
  // The getting-started checklist's post counts.
  const [totals, accounts, activity] = await Promise.all([
    prefillPostTotals(actor.workspaceId),
    listAccounts(actor.workspaceId),
    getDashboardActivity(actor.workspaceId, actor.userId),
  ]);
  return [...totals, [socialKeys.accounts(), accounts], [analyticsKeys.activity(), activity]];
}

export default async function DashboardPage() {
  // The signed-in layout has sent a visitor home already; the user is known here.
  const actor = await getRenderActor();
  if (!actor) return null;
  const marks = parseGettingStartedMarks((await cookies()).get(gettingStartedCookieName(actor.userId))?.value);
  return (
    <PrefilledQueries workspaceId={actor.workspaceId} read={() => dashboardQueries(actor)}>
      <DashboardView gettingStartedMarks={marks} />
    </PrefilledQueries>
  );
}
