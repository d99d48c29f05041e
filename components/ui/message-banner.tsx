import { CircleCheck, CircleX, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export interface MessageBannerContent {
  type: "success" | "error";
  message: string;
  /** A second line under the message (e.g. the amount charged). */
  detail?: string | null;
}

/** A dismissible success or error banner (the dashboard's and the Billing page's); its owner hides it after a while. */
export function MessageBanner({ banner, onDismiss }: { banner: MessageBannerContent; onDismiss: () => void }) {
  const success = banner.type === "success";
  const Icon = success ? CircleCheck : CircleX;
  return (
    <div
      role={success ? "status" : "alert"}
      className={cn(
        "flex items-start gap-3 rounded-lg border p-4 text-sm",
        success
          ? "border-success/50 bg-success/10 text-success"
          : "border-destructive/50 bg-destructive/10 text-destructive",
      )}
    >
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
