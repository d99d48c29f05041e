"use client";

import { RefreshCw, TriangleAlert, Unplug } from "lucide-react";
import dynamic from "next/dynamic";
import { useId, useState } from "react";
import { toast } from "@/lib/client/toast";
import { PageAvatar } from "@/components/social/page-avatar";
import { PlatformIcon } from "@/components/social/platform-icon";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { abbreviateNumber, relativeSyncTime } from "@/lib/format";
import { useNowAfterHydration } from "@/lib/client/use-hydrated";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import {
  useDisconnectAccount,
  useDisconnectPage,
  useRefreshAccountData,
  useRefreshAccountToken,
} from "@/lib/client/hooks/social";
import { platformLabels } from "@/lib/networks/platforms";
import type { ConnectedAccount } from "@/lib/social/schemas";
import { accountIdentity, isAccountTokenExpired, type AccountCardEntry } from "./account-status";
import { TokenExpiryWarning } from "./token-expiry-warning";

// Loaded when first opened (Radix's alert dialog was in Settings' first load).
const DisconnectAccountDialog = dynamic(
  () => import("./disconnect-account-dialog").then((module) => module.DisconnectAccountDialog),
  { ssr: false },
);

/**
 * One connected account, or one Page of a login, in Settings, with its token state and the actions
 * on it: a Page's Disconnect removes that Page alone. `readAt`: when the account was read (its age
 * and token deadline are counted from then until the page has hydrated).
 */
export function AccountCard({
  account,
  page = null,
  readAt,
}: {
  account: ConnectedAccount;
  page?: AccountCardEntry["page"];
  readAt: number;
}) {
  const headingId = useId();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const confirmMounted = useOpenedOnce(confirmOpen);
  const refreshToken = useRefreshAccountToken();
  const refreshData = useRefreshAccountData();
  const disconnectAccount = useDisconnectAccount();
  const disconnectPage = useDisconnectPage();
  const disconnecting = disconnectAccount.isPending || disconnectPage.isPending;

  const identity = accountIdentity(account, page);
  const { name, category } = identity;
  const now = useNowAfterHydration(readAt);
  // A Page's token is its own (its validity includes its login's); the login's card needs every Page's.
  const expired = isAccountTokenExpired(
    { hasValidToken: page ? page.hasValidToken : account.hasValidToken, tokenExpiry: account.tokenExpiry },
    now,
  );
  // A Page's card shows the Page; the person's handle would say whose login it is, not the Page's.
  const handle = page ? null : account.accountHandle?.replace(/^@/, "");

  function handleRefreshToken() {
    refreshToken.mutate(account.id, {
      onSuccess: (response) => toast.success(response.message || "Token refreshed successfully"),
      onError: () => toast.error("Failed to refresh token. You may need to reconnect your account."),
    });
  }

  // mutateAsync, as for Disconnect below: the list reloads with the new data and may remount this
  // card, and a per-call callback of an unmounted component never runs (the toast never showed).
  async function handleRefreshData() {
    try {
      const response = await refreshData.mutateAsync(account.id);
      toast.success(response.message || "Account data refreshed");
    } catch (error) {
      // Spec section 8: a failed data refresh is only logged.
      console.error(`Failed to refresh data for account ${account.id}`, error);
    }
  }

  // mutateAsync, not mutate's callbacks: this card unmounts as soon as the list reloads, and
  // per-call callbacks of an unmounted component never run.
  async function handleDisconnect() {
    try {
      const response = page
        ? await disconnectPage.mutateAsync(page.id)
        : await disconnectAccount.mutateAsync(account.id);
      const affected = response.affectedScheduledPosts ?? 0;
      toast.success(page ? `${page.name} disconnected` : "Account disconnected successfully", {
        description: affected > 0 ? `${affected} scheduled post(s) will need to be rescheduled.` : undefined,
      });
    } catch {
      toast.error(page ? `Failed to disconnect ${page.name}` : "Failed to disconnect account");
    }
  }

  return (
    <article aria-labelledby={headingId} className="bg-card flex h-full flex-col gap-4 rounded-lg border p-4">
      <div className="flex items-start gap-3">
        <PageAvatar name={name} src={identity.picture} />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h3 id={headingId} className="truncate font-semibold">
            {name}
          </h3>
          {handle && <p className="text-muted-foreground truncate text-sm">@{handle}</p>}
          {identity.byline && <p className="text-muted-foreground truncate text-sm">{identity.byline}</p>}
          <p className="text-muted-foreground flex items-center gap-1.5 text-xs">
            <PlatformIcon platform={account.platform} className="size-4 rounded [&_svg]:size-2.5" />
            {platformLabels[account.platform]}
          </p>
        </div>
        {expired ? <Badge variant="warning">⚠ Token Expired</Badge> : <Badge variant="success">✓ Connected</Badge>}
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        {typeof identity.followerCount === "number" && (
          <div>
            <dt className="text-muted-foreground text-xs">Followers</dt>
            <dd className="font-semibold tabular-nums">{abbreviateNumber(identity.followerCount)}</dd>
          </div>
        )}
        {!page && typeof account.postCount === "number" && (
          <div>
            <dt className="text-muted-foreground text-xs">Posts</dt>
            <dd className="font-semibold tabular-nums">{abbreviateNumber(account.postCount)}</dd>
          </div>
        )}
        {category && (
          <div>
            <dt className="text-muted-foreground text-xs">Category</dt>
            <dd>{category}</dd>
          </div>
        )}
        <div className="col-span-2">
          <dt className="sr-only">Last Sync</dt>
          <dd className="text-muted-foreground text-xs">Last Sync: {relativeSyncTime(account.lastSync, now)}</dd>
        </div>
      </dl>

      {!expired && <TokenExpiryWarning account={account} now={now} />}

      {expired && (
        <p className="border-warning/50 bg-warning/10 text-warning flex items-start gap-2 rounded-md border p-2 text-xs">
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          <span>
            <span className="font-semibold">OAuth token has expired</span>. Refresh the token, or reconnect the account
            if that fails.
          </span>
        </p>
      )}

      <div className="mt-auto flex flex-wrap gap-2">
        {expired && (
          <Button type="button" size="sm" onClick={handleRefreshToken} disabled={refreshToken.isPending}>
            <RefreshCw className={refreshToken.isPending ? "animate-spin" : undefined} aria-hidden />
            {refreshToken.isPending ? "Refreshing..." : "Refresh Token"}
          </Button>
        )}
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => void handleRefreshData()}
          disabled={refreshData.isPending}
        >
          <RefreshCw className={refreshData.isPending ? "animate-spin" : undefined} aria-hidden />
          {refreshData.isPending ? "Syncing..." : "Refresh Data"}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="text-destructive hover:text-destructive"
          onClick={() => setConfirmOpen(true)}
          disabled={disconnecting}
          aria-label={`Disconnect ${name}`}
        >
          <Unplug aria-hidden />
          {disconnecting ? "Disconnecting..." : "Disconnect"}
        </Button>
      </div>

      {confirmMounted && (
        <DisconnectAccountDialog
          open={confirmOpen}
          onOpenChange={setConfirmOpen}
          accountName={name}
          kind={page ? "page" : "account"}
          onConfirm={() => void handleDisconnect()}
        />
      )}
    </article>
  );
}
