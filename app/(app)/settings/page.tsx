import { SettingsView } from "@/components/settings/settings-view";
import { PrefilledQueries, type PrefilledEntries } from "@/components/providers/prefilled-queries";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";
import { listAccounts } from "@/lib/social/server/queries";
import { socialKeys } from "@/lib/social/query-keys";

export const metadata = { title: "Settings" };

export default async function SettingsPage() {
  // The signed-in layout has sent a visitor home already; the user is known here.
  const user = await getRenderSessionUser();
  if (!user) return null;
  // The Connected Accounts tab (the one shown first) arrives with its accounts, as
  // GET /api/social/accounts answers them.
  return (
    <PrefilledQueries
      read={async (): Promise<PrefilledEntries> => [[socialKeys.accounts(), await listAccounts(user.id)]]}
    >
      <SettingsView />
    </PrefilledQueries>
  );
}
