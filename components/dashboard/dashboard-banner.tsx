import { CircleCheck, CircleX, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { DashboardBanner as Banner } from "./dashboard-banner-state";

/** The success or error message carried over from the previous page, with a close button. */
export function DashboardBanner({ banner, onDismiss }: { banner: Banner; onDismiss: () => void }) {
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
      <p className="flex-1 font-medium">{banner.message}</p>
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
