"use client";

import { CircleCheck, CircleX } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { writeDashboardBanner, type DashboardBanner } from "@/components/dashboard/dashboard-banner-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/client/http";
import {
  completeCallback,
  connectFacebookPages,
  connectProfile,
  listFacebookPages,
} from "@/lib/client/requests/social";
import {
  connectablePlatforms,
  platformLabels,
  type ConnectablePlatform,
  type SocialPlatform,
} from "@/lib/networks/platforms";
import { network, networkOrNull } from "@/lib/networks";
import type { FacebookPageCandidate } from "@/lib/social/schemas";
import { FacebookPageSelectionDialog } from "./facebook-page-selection-dialog";

/** Spec section 9, "OAuth redirects". */
export const SUCCESS_REDIRECT_MS = 2_000;
export const FACEBOOK_SUCCESS_REDIRECT_MS = 1_500;
export const ERROR_REDIRECT_MS = 3_000;

type CallbackState =
  | { kind: "processing" }
  | { kind: "pages_selection"; pages: FacebookPageCandidate[]; userAccessToken: string }
  | { kind: "success"; message: string }
  | { kind: "error"; message: string };

interface OAuthCallbackViewProps {
  platform: string;
  /** The query parameters the platform sent back (read on the server from the page's URL). */
  code?: string;
  error?: string;
}

function isConnectable(platform: string): platform is ConnectablePlatform {
  return (connectablePlatforms as readonly string[]).includes(platform);
}

function labelOf(platform: string): string {
  return platform in platformLabels ? platformLabels[platform as SocialPlatform] : platform;
}

/** Checks that need no server, in the spec's order; null when the server should be asked. */
function validate(platform: string, code: string | undefined, error: string | undefined): string | null {
  if (!platform) return "Platform not specified";
  if (error) return `Authorization denied: ${error}`;
  if (!code) return "Authorization code not received";
  if (!isConnectable(platform)) return "Platform not supported";
  return null;
}

/**
 * The page a platform sends the browser back to. It completes the connection once (authorization
 * codes are single-use, so a ref keeps React's development double effects from calling twice), lets
 * the user pick Facebook Pages, and returns to /dashboard with a banner message.
 */
export function OAuthCallbackView({ platform, code, error }: OAuthCallbackViewProps) {
  const router = useRouter();
  const label = labelOf(platform);
  const [state, setState] = useState<CallbackState>(() => {
    const invalid = validate(platform, code, error);
    return invalid ? { kind: "error", message: invalid } : { kind: "processing" };
  });
  const started = useRef(false);

  useEffect(() => {
    if (started.current || validate(platform, code, error) || !isConnectable(platform)) return;
    started.current = true;

    async function complete(connectable: ConnectablePlatform) {
      let userAccessToken: string;
      try {
        // The page's own query string goes to the server as is: code, state, error, error_description.
        ({ userAccessToken } = await completeCallback(connectable, window.location.search));
      } catch (caught) {
        return setState({ kind: "error", message: errorMessage(caught, "Failed to connect account") });
      }

      // A network that publishes as Pages lets the user choose them first (Facebook's flow).
      if (network(connectable).publishesAs === "pages") {
        try {
          const pages = await listFacebookPages(userAccessToken);
          return setState({ kind: "pages_selection", pages, userAccessToken });
        } catch (caught) {
          const reason = errorMessage(caught, caught instanceof Error ? caught.message : "Unknown error");
          return setState({
            kind: "error",
            message: `Failed to fetch ${network(connectable).shortLabel} pages: ${reason}`,
          });
        }
      }

      try {
        const response = await connectProfile(connectable, userAccessToken);
        setState({
          kind: "success",
          message: response.message || `Successfully connected your ${platformLabels[connectable]} account!`,
        });
      } catch (caught) {
        setState({ kind: "error", message: errorMessage(caught, "Failed to connect account") });
      }
    }

    void complete(platform);
  }, [platform, code, error]);

  // Success and error both return to the dashboard on their own, carrying the message as a banner.
  useEffect(() => {
    if (state.kind !== "success" && state.kind !== "error") return;
    const banner: DashboardBanner = { message: state.message, type: state.kind };
    const delay =
      state.kind === "error"
        ? ERROR_REDIRECT_MS
        : networkOrNull(platform)?.publishesAs === "pages"
          ? FACEBOOK_SUCCESS_REDIRECT_MS
          : SUCCESS_REDIRECT_MS;
    const timer = setTimeout(() => {
      writeDashboardBanner(banner);
      router.replace("/dashboard");
    }, delay);
    return () => clearTimeout(timer);
  }, [state, platform, router]);

  async function handleConnectPages(pageIds: string[]) {
    if (state.kind !== "pages_selection") return;
    const response = await connectFacebookPages(pageIds, state.userAccessToken);
    setState({ kind: "success", message: response.message || "Successfully connected your Facebook account!" });
  }

  function handleCancelSelection() {
    writeDashboardBanner({ message: "Facebook page connection cancelled", type: "error" });
    router.replace("/dashboard");
  }

  return (
    <Card className="w-full max-w-lg">
      <CardContent className="flex flex-col items-center gap-4 text-center">
        {state.kind === "processing" && (
          <>
            <Spinner className="text-primary size-10" aria-label={`Connecting your ${label} account`} />
            <h1 className="text-xl font-semibold">Connecting your {label} account...</h1>
            <p className="text-muted-foreground text-sm">This only takes a moment.</p>
          </>
        )}

        {state.kind === "pages_selection" && (
          <>
            <h1 className="text-xl font-semibold">Select Facebook Pages to connect</h1>
            <p className="text-muted-foreground text-sm">Choose the Pages Postloom may publish to.</p>
            <FacebookPageSelectionDialog
              open
              pages={state.pages}
              onConnect={handleConnectPages}
              onCancel={handleCancelSelection}
            />
          </>
        )}

        {state.kind === "success" && (
          <div role="status" className="flex flex-col items-center gap-4">
            <CircleCheck className="text-success size-12" aria-hidden />
            <h1 className="text-xl font-semibold">Successfully connected your {label} account!</h1>
            <p className="text-muted-foreground text-sm">Taking you to your dashboard...</p>
          </div>
        )}

        {state.kind === "error" && (
          <>
            <CircleX className="text-destructive size-12" aria-hidden />
            <h1 className="text-xl font-semibold">Failed to connect {label} account</h1>
            <p role="alert" className="text-destructive text-sm">
              {state.message}
            </p>
            <p className="text-muted-foreground text-xs">You will be taken back to your dashboard in a few seconds.</p>
            <div className="flex flex-wrap justify-center gap-2">
              <Button type="button" onClick={() => router.replace("/dashboard")}>
                Return to Dashboard
              </Button>
              <Button type="button" variant="outline" onClick={() => window.location.reload()}>
                Try Again
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
