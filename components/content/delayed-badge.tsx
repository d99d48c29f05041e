import { Clock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { PostDelay } from "@/lib/posts/schemas";
import { cn } from "@/lib/utils";

/** Amber 'Delayed' beside the status of a post overdue by more than 5 minutes; the reason on hover. */
export function DelayedBadge({ delay, className }: { delay: PostDelay; className?: string }) {
  return (
    <Badge
      data-status="delayed"
      title={delay.reason}
      className={cn("border-transparent bg-amber-500 text-amber-950", className)}
    >
      <Clock aria-hidden />
      Delayed
    </Badge>
  );
}
