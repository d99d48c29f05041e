"use client";

import { RefreshCw } from "lucide-react";
import { useId } from "react";
import { toast } from "@/lib/client/toast";
import { TokenExpiryWarning } from "@/components/settings/token-expiry-warning";
import { PageAvatar } from "@/components/social/page-avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { abbreviateNumber, splitVisible } from "@/lib/format";
import { permissionLabel } from "@/lib/networks";
import { useRefreshAccountToken } from "@/lib/client/hooks/social";
import { FOLLOWERS_NOT_AVAILABLE } from "@/lib/social/followers";
import type { ConnectedAccount, PageSummary } from "@/lib/social/schemas";

/**
 * One connected page on the dashboard: who it is, its reach, its permissions and its token state,
 * with a reconnect prompt when its account's token is about to expire. 'Create Post' is the group's
 * (platform-group.tsx), one per network rather than one per page.
 */
export function PageCard({ page, account }: { page: PageSummary; account?: ConnectedAccount }) {
  const headingId = useId();
  // One mutation per card, so only this page's button says 'Refreshing...'.
  const refreshToken = useRefreshAccountToken();
  const permissions = splitVisible(page.permissions);

  function handleRefresh() {
    refreshToken.mutate(page.accountId, {
      onSuccess: (response) => toast.success(response.message || "Token refreshed successfully"),
      onError: () => toast.error("Failed to refresh token. You may need to reconnect your account."),
    });
  }

  return (
    <article aria-labelledby={headingId} className="bg-card flex h-full flex-col gap-4 rounded-lg border p-4">
      <div className="flex items-start gap-3">
        <PageAvatar name={page.name} src={page.profilePicture} />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h4 id={headingId} className="line-clamp-2 font-semibold break-words">
            {page.name}
          </h4>
          {page.username && (
            <p className="text-muted-foreground truncate text-sm">@{page.username.replace(/^@/, "")}</p>
          )}
          {page.category && <p className="text-muted-foreground truncate text-xs">{page.category}</p>}
        </div>
        {page.hasValidToken ? (
          <Badge variant="success">Active</Badge>
        ) : (
          <Badge variant="destructive">Token expired</Badge>
        )}
      </div>

      {page.followerCount === null ? (
        <p className="text-muted-foreground text-sm">{FOLLOWERS_NOT_AVAILABLE}</p>
      ) : (
        <p className="text-sm">
          <span className="font-semibold tabular-nums">{abbreviateNumber(page.followerCount)}</span>{" "}
          <span className="text-muted-foreground">{page.followerCount === 1 ? "follower" : "followers"}</span>
        </p>
      )}

      {permissions.visible.length > 0 && (
        <ul aria-label="Permissions" className="flex flex-wrap gap-1">
          {permissions.visible.map((permission) => (
            <li key={permission}>
              <Badge variant="secondary" size="sm">
                {permissionLabel(page.platform, permission)}
              </Badge>
            </li>
          ))}
          {permissions.hidden > 0 && (
            <li>
              <Badge variant="outline" size="sm">
                +{permissions.hidden} more
              </Badge>
            </li>
          )}
        </ul>
      )}

      {page.hasValidToken && account && <TokenExpiryWarning account={account} />}

      {!page.hasValidToken && (
        <div className="mt-auto flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" onClick={handleRefresh} disabled={refreshToken.isPending}>
            <RefreshCw className={refreshToken.isPending ? "animate-spin" : undefined} aria-hidden />
            {refreshToken.isPending ? "Refreshing..." : "Refresh Token"}
          </Button>
        </div>
      )}
    </article>
  );
}
