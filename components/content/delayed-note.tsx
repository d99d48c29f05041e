import { Clock } from "lucide-react";
import type { PostDelay } from "@/lib/posts/schemas";
import { cn } from "@/lib/utils";
import { LocalTime } from "@/components/ui/local-time";
import { formatDateTime } from "./post-display";

/** Why a post is late: 'Delayed since …: reason. Next attempt …'. */
export function DelayedNote({ delay, className }: { delay: PostDelay; className?: string }) {
  return (
    <p
      className={cn(
        "flex items-start gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-2 text-xs break-words",
        className,
      )}
    >
      <Clock className="mt-0.5 size-3.5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
      <span>
        <span className="font-semibold">
          Delayed since <LocalTime iso={delay.since} format={formatDateTime} />:
        </span>{" "}
        {delay.reason}
        {delay.retryAt && (
          <>
            {" "}
            Next attempt <LocalTime iso={delay.retryAt} format={formatDateTime} />.
          </>
        )}
      </span>
    </p>
  );
}
