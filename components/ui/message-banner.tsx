import { CircleCheck, CircleX, Info, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export interface MessageBannerContent {
  /** `info`: nothing went wrong and nothing changed (leaving Stripe Checkout with Back). */
  type: "success" | "error" | "info";
  message: string;
  /** A second line under the message (e.g. the amount charged). */
  detail?: string | null;
}

const TONES = {
  success: { Icon: CircleCheck, role: "status", className: "border-success/50 bg-success/10 text-success" },
  info: { Icon: Info, role: "status", className: "bg-muted/50 text-foreground" },
  error: { Icon: CircleX, role: "alert", className: "border-destructive/50 bg-destructive/10 text-destructive" },
} as const;

/** A dismissible banner (the dashboard's and the Billing page's); its owner hides it after a while. */
export function MessageBanner({ banner, onDismiss }: { banner: MessageBannerContent; onDismiss: () => void }) {
  const { Icon, role, className } = TONES[banner.type];
  return (
    <div role={role} className={cn("flex items-start gap-3 rounded-lg border p-4 text-sm", className)}>
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="flex-1">
        <p className="font-medium">{banner.message}</p>
        {banner.detail && <p className="mt-1">{banner.detail}</p>}
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        className="-my-1 text-current hover:bg-transparent hover:opacity-80"
        aria-label="Dismiss message"
        onClick={onDismiss}
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}
