"use client";

import { useEffect, type CSSProperties } from "react";
import { CircleCheckIcon, InfoIcon, OctagonXIcon, TriangleAlertIcon } from "lucide-react";
import { Toaster as Sonner, type ToasterProps } from "sonner";
import { useTheme } from "@/components/theme/theme-provider";
import { Spinner } from "@/components/ui/spinner";
import { markToasterMounted } from "@/lib/client/toast";
import { getTheme } from "@/lib/themes";

/** Notifications auto-dismiss after 4 s (spec). */
const TOAST_DURATION_MS = 4000;

function Toaster({ duration = TOAST_DURATION_MS, ...props }: ToasterProps) {
  const { theme } = useTheme();
  // Sonner only knows light and dark; our other themes are dark-ish. The colours themselves
  // come from the theme's CSS variables below.
  const colorScheme: ToasterProps["theme"] = getTheme(theme).colorScheme;
  // Mounted by the lazy Toaster on the first toast (lib/client/toast.ts), which waits for this: by
  // then sonner's own Toaster, a child, has subscribed to the toasts.
  useEffect(() => markToasterMounted(), []);

  return (
    <Sonner
      theme={colorScheme}
      duration={duration}
      className="toaster group"
      icons={{
        success: <CircleCheckIcon className="text-success size-4" aria-hidden="true" />,
        info: <InfoIcon className="text-primary size-4" aria-hidden="true" />,
        warning: <TriangleAlertIcon className="text-warning size-4" aria-hidden="true" />,
        error: <OctagonXIcon className="text-destructive size-4" aria-hidden="true" />,
        loading: <Spinner />,
      }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
        } as CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster, TOAST_DURATION_MS };
