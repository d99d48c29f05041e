"use client";

import { Clock } from "lucide-react";
import { useId, type ReactElement } from "react";
import { postShortName } from "@/components/content/post-display";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { PostDto } from "@/lib/posts/schemas";
import { calendarInstant } from "@/lib/schedule/posts";
import { formatLongDateTime } from "@/lib/schedule/time";
import { cn } from "@/lib/utils";
import { timeLabel } from "./calendar-labels";

/** How much of a post the chip's tooltip shows. */
const FULL_TEXT_MAX = 280;

/** The post's whole text (its title first when it has one), when it goes out, and why it is delayed. */
export function chipFullText(post: PostDto): string {
  const instant = calendarInstant(post);
  const content = post.content.trim();
  const text = content.length > FULL_TEXT_MAX ? `${content.slice(0, FULL_TEXT_MAX).trimEnd()}…` : content;
  return [
    post.title?.trim(),
    text || postShortName(post),
    instant ? formatLongDateTime(instant) : null,
    post.delayed ? `Delayed: ${post.delayed.reason}` : null,
  ]
    .filter(Boolean)
    .join("\n");
}

/** The chip's edge and fill: a post's outcome, else delayed, else scheduled; a draft has none. */
function statusTone(post: PostDto): { border: string; fill: string } | null {
  if (post.status === "failed") return { border: "border-red-600", fill: "bg-red-600/10" };
  if (post.status === "published") return { border: "border-green-700", fill: "bg-green-700/10" };
  if (post.delayed) return { border: "border-amber-500", fill: "bg-amber-500/15" };
  if (post.status === "scheduled") return { border: "border-blue-600", fill: "bg-blue-600/10" };
  return null;
}

/**
 * A post in a day cell: its time and up to two lines of its name, coloured by status. On a phone a
 * day is about 50 px wide, which the time alone fills: the name goes under the time there.
 */
export function PostChipBody({ post, lifted = false }: { post: PostDto; lifted?: boolean }) {
  const instant = calendarInstant(post);
  const tone = statusTone(post);
  return (
    <span
      className={cn(
        "flex min-w-0 flex-col overflow-hidden rounded border-l-2 px-0.5 py-0.5 text-[0.65rem] leading-tight sm:flex-row sm:items-start sm:gap-1 sm:px-1 sm:text-[0.7rem]",
        tone?.border,
        lifted ? "bg-background shadow-lg" : tone?.fill,
      )}
    >
      {post.delayed && (
        <Clock className="hidden size-3 shrink-0 text-amber-600 sm:block dark:text-amber-400" aria-hidden />
      )}
      <span className="shrink-0 font-medium tabular-nums">{timeLabel(instant)}</span>
      <span className="line-clamp-2 min-w-0 break-words">{postShortName(post)}</span>
    </span>
  );
}

/**
 * The chip's full text in a tooltip, on hover and on keyboard focus, and as the chip's accessible
 * description (`describedBy` is the id to add to the chip's aria-describedby). Closed while `quiet`
 * (the post is being moved).
 */
export function ChipTooltip({
  post,
  quiet = false,
  children,
}: {
  post: PostDto;
  quiet?: boolean;
  children: (describedBy: string) => ReactElement;
}) {
  const id = useId();
  const text = chipFullText(post);
  return (
    <>
      <Tooltip open={quiet ? false : undefined} delayDuration={300}>
        <TooltipTrigger asChild>{children(id)}</TooltipTrigger>
        <TooltipContent side="top" className="max-w-72 text-left whitespace-pre-line">
          {text}
        </TooltipContent>
      </Tooltip>
      <span id={id} hidden>
        {text}
      </span>
    </>
  );
}
