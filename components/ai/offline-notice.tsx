import { CloudOff } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

export const OFFLINE_EXPLANATION = "No AI model is configured, so answers are written from templates.";

/** Tells the user that the offline writer, not a model, is answering. */
export function OfflineNotice({ className }: { className?: string }) {
  return (
    <p
      role="note"
      className={cn(
        "border-warning/40 bg-warning/10 text-foreground flex items-center gap-2 border-b px-4 py-2 text-xs",
        className,
      )}
    >
      <Badge variant="warning" className="shrink-0">
        <CloudOff aria-hidden />
        Offline writer
      </Badge>
      <span className="text-muted-foreground">{OFFLINE_EXPLANATION}</span>
    </p>
  );
}
