import { Plus, Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { AccountGroup, ConnectedAccount } from "@/lib/social/schemas";
import { PlatformGroup } from "./platform-group";

interface ConnectedAccountsProps {
  groups: AccountGroup[];
  /** The accounts behind the pages, for their token expiry. */
  accounts: ConnectedAccount[];
  loading: boolean;
  onAddAccount: () => void;
}

/** The dashboard's 'Connected Accounts' card: pages grouped by platform, or the first-account prompt. */
export function ConnectedAccounts({ groups, accounts, loading, onAddAccount }: ConnectedAccountsProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-xl font-semibold">Connected Accounts</h2>
        </CardTitle>
        <CardDescription>The pages and profiles you can publish to.</CardDescription>
        <CardAction>
          <Button type="button" onClick={onAddAccount}>
            <Plus aria-hidden />
            Add Account
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-8">
        {loading ? (
          <AccountsSkeleton />
        ) : groups.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
            <span
              className="bg-primary/15 text-primary grid size-12 place-items-center rounded-full"
              aria-hidden="true"
            >
              <Share2 className="size-6" />
            </span>
            <h3 className="text-lg font-semibold">Connect Your First Account</h3>
            <p className="text-muted-foreground max-w-md text-sm">
              Connect a Facebook Page, an X (Twitter) profile or a LinkedIn profile to start publishing and scheduling
              posts.
            </p>
            <Button type="button" onClick={onAddAccount}>
              <Plus aria-hidden />
              Connect Account
            </Button>
          </div>
        ) : (
          groups.map((group) => <PlatformGroup key={group.platform} group={group} accounts={accounts} />)
        )}
      </CardContent>
    </Card>
  );
}

function AccountsSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true">
      <span className="sr-only">Loading accounts</span>
      <Skeleton className="h-6 w-40" />
      <div className="grid gap-4 sm:grid-cols-2">
        {[0, 1].map((index) => (
          <div key={index} className="grid gap-3 rounded-lg border p-4">
            <div className="flex gap-3">
              <Skeleton className="size-12 rounded-lg" />
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </div>
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-8 w-28" />
          </div>
        ))}
      </div>
    </div>
  );
}
