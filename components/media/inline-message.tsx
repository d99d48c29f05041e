import { AlertCircle, TriangleAlert } from "lucide-react";
import { cn } from "@/lib/utils";

/** A short error or warning inside a panel or dialog, announced when it appears. */
export function InlineMessage({ tone, children }: { tone: "error" | "warning"; children: string }) {
  const Icon = tone === "error" ? AlertCircle : TriangleAlert;
  return (
    <div
      role="alert"
      className={cn(
        "flex items-start gap-2 rounded-md border p-3 text-sm",
        tone === "error"
          ? "border-destructive/50 bg-destructive/10 text-destructive"
          : "border-warning/50 bg-warning/10 text-warning",
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </div>
  );
}
