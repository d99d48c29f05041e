"use client";

import { Clock, RefreshCw } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/client/http";
import { getConnectUrl } from "@/lib/client/requests/social";
import { isConnectablePlatform, platformLabels } from "@/lib/networks/platforms";
import type { ConnectedAccount } from "@/lib/social/schemas";
import { cn } from "@/lib/utils";
import { accountDisplayName, tokenExpiresIn } from "./account-status";

interface TokenExpiryWarningProps {
  account: ConnectedAccount;
  /** What counts as now (see useNowAfterHydration); the current time when not given. */
  now?: Date;
  className?: string;
}

/**
 * 'Expires in 5 days — reconnect to keep publishing', with a Reconnect button that starts the
 * platform's connect flow again (the same account is updated with a fresh token). Nothing when the
 * token is not about to expire.
 */
export function TokenExpiryWarning({ account, now, className }: TokenExpiryWarningProps) {
  const [connecting, setConnecting] = useState(false);
  const expiresIn = tokenExpiresIn(account, now);
  const platform = account.platform;
  if (!expiresIn) return null;

  async function reconnect() {
    if (!isConnectablePlatform(platform)) return;
    setConnecting(true);
    try {
      // The button keeps spinning while the browser leaves for the platform.
      window.location.assign(await getConnectUrl(platform));
    } catch (error) {
      setConnecting(false);
      toast.error(errorMessage(error, `Failed to connect to ${platformLabels[account.platform]}. Please try again.`));
    }
  }

  return (
    <div
      className={cn(
        "border-warning/50 bg-warning/10 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border p-2 text-xs",
        className,
      )}
    >
      <p className="flex min-w-0 flex-1 basis-48 items-start gap-2">
        <Clock className="text-warning mt-0.5 size-3.5 shrink-0" aria-hidden />
        <span>
          <span className="font-semibold">{expiresIn}</span> — reconnect to keep publishing.
        </span>
      </p>
      {isConnectablePlatform(platform) && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="h-7"
          onClick={() => void reconnect()}
          disabled={connecting}
        >
          <RefreshCw className={connecting ? "animate-spin" : undefined} aria-hidden />
          {connecting ? "Reconnecting..." : "Reconnect"}
          <span className="sr-only"> {accountDisplayName(account)}</span>
        </Button>
      )}
    </div>
  );
}
