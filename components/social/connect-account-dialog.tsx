"use client";

import { AlertCircle } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/client/http";
import { getConnectUrl } from "@/lib/client/requests/social";
import {
  connectablePlatforms,
  platformLabels,
  socialPlatforms,
  type ConnectablePlatform,
  type SocialPlatform,
} from "@/lib/networks/platforms";
import { cn } from "@/lib/utils";
import { PlatformIcon } from "./platform-icon";

function isConnectable(platform: SocialPlatform): platform is ConnectablePlatform {
  return (connectablePlatforms as readonly string[]).includes(platform);
}

/**
 * 'Connect Social Account': Facebook, Twitter/X and LinkedIn start an OAuth round trip (the browser
 * leaves for the platform and comes back to /auth/callback/{platform}); the rest are 'Soon'.
 */
export function ConnectAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [connecting, setConnecting] = useState<ConnectablePlatform | null>(null);
  const [error, setError] = useState<string | null>(null);

  function handleOpenChange(next: boolean) {
    if (!next) {
      setConnecting(null);
      setError(null);
    }
    onOpenChange(next);
  }

  async function connect(platform: ConnectablePlatform) {
    setConnecting(platform);
    setError(null);
    try {
      const authUrl = await getConnectUrl(platform);
      // The spinner stays while the browser leaves for the platform.
      window.location.assign(authUrl);
    } catch (caught) {
      setConnecting(null);
      setError(errorMessage(caught, `Failed to connect to ${platformLabels[platform]}. Please try again.`));
    }
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Connect Social Account</DialogTitle>
          <DialogDescription>
            Choose a platform. You will be asked to sign in there and approve access.
          </DialogDescription>
        </DialogHeader>

        {error && (
          <div
            role="alert"
            className="border-destructive/50 bg-destructive/10 text-destructive flex items-start gap-2 rounded-md border p-3 text-sm"
          >
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{error}</span>
          </div>
        )}

        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {socialPlatforms.map((platform) => {
            const available = isConnectable(platform);
            const busy = connecting === platform;
            return (
              <li key={platform}>
                <button
                  type="button"
                  disabled={!available || (connecting !== null && !busy)}
                  aria-busy={busy || undefined}
                  onClick={() => {
                    if (available && connecting === null) void connect(platform);
                  }}
                  className={cn(
                    "bg-card relative flex h-full w-full flex-col items-center gap-2 rounded-lg border p-4 text-sm font-medium transition-colors",
                    "hover:bg-accent hover:text-accent-foreground focus-visible:ring-ring/60 focus-visible:border-ring outline-none focus-visible:ring-[3px]",
                    "disabled:hover:bg-card disabled:cursor-not-allowed disabled:opacity-50",
                    busy && "border-primary opacity-100",
                  )}
                >
                  {busy ? (
                    <span className="grid size-10 place-items-center">
                      <Spinner className="size-6" aria-label={`Connecting to ${platformLabels[platform]}`} />
                    </span>
                  ) : (
                    <PlatformIcon platform={platform} className="size-10" />
                  )}
                  <span>{platformLabels[platform]}</span>
                  {!available && (
                    <Badge variant="secondary" className="absolute top-2 right-2">
                      Soon
                    </Badge>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
