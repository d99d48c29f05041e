import { Clock } from "lucide-react";
import { postShortName } from "@/components/content/post-display";
import type { PostDto } from "@/lib/posts/schemas";
import { calendarInstant } from "@/lib/schedule/posts";
import { formatLongDateTime } from "@/lib/schedule/time";
import { cn } from "@/lib/utils";
import { timeLabel } from "./calendar-labels";

/** A post in a day cell: its time and short name, coloured by status. */
export function PostChipBody({ post, lifted = false }: { post: PostDto; lifted?: boolean }) {
  const instant = calendarInstant(post);
  return (
    <span
      className={cn(
        "flex min-w-0 items-center gap-1 overflow-hidden rounded border-l-2 px-0.5 py-0.5 text-[0.65rem] leading-tight sm:px-1 sm:text-[0.7rem]",
        post.status === "scheduled" && "border-blue-600 bg-blue-600/10",
        post.delayed && "border-amber-500 bg-amber-500/15",
        post.status === "published" && "border-green-700 bg-green-700/10",
        post.status === "failed" && "border-red-600 bg-red-600/10",
        lifted && "bg-background shadow-lg",
      )}
      title={[
        postShortName(post),
        instant ? formatLongDateTime(instant) : null,
        post.delayed ? `Delayed: ${post.delayed.reason}` : null,
      ]
        .filter(Boolean)
        .join(", ")}
    >
      {post.delayed && (
        <Clock className="hidden size-3 shrink-0 text-amber-600 sm:block dark:text-amber-400" aria-hidden />
      )}
      <span className="shrink-0 font-medium tabular-nums">{timeLabel(instant)}</span>
      <span className="truncate">{postShortName(post)}</span>
    </span>
  );
}
