import { SettingsView } from "@/components/settings/settings-view";
import { PrefilledQueries, type PrefilledEntries } from "@/components/providers/prefilled-queries";
import { getRenderActor } from "@/lib/auth/server/render-session";
import { listAccounts } from "@/lib/social/server/queries";
import { socialKeys } from "@/lib/social/query-keys";

export const metadata = { title: "Settings" };

export default async function SettingsPage() {
  // The signed-in layout has sent a visitor home already; the user is known here.
  const actor = await getRenderActor();
  if (!actor) return null;
  // The Connected Accounts tab (the one shown first) arrives with its accounts, as
  // GET /api/social/accounts answers them.
  return (
    <PrefilledQueries
      workspaceId={actor.workspaceId}
      read={async (): Promise<PrefilledEntries> => [[socialKeys.accounts(), await listAccounts(actor.workspaceId)]]}
    >
      <SettingsView />
    </PrefilledQueries>
  );
}
