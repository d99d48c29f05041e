import { postShortName } from "@/components/content/post-display";
import { dateTimeFormat } from "@/lib/format";
import type { PostDto } from "@/lib/posts/schemas";
import { moveToDay, parseDayKey } from "@/lib/schedule/calendar";
import { isFutureDate } from "@/lib/schedule/time";

/** What the calendar says about days and posts, on screen and to screen readers. */

/** "Thursday, December 10, 2026" in the user's locale (also each day cell's accessible name). */
export function dayLabel(key: string): string {
  const day = parseDayKey(key);
  if (!day) return key;
  return dateTimeFormat(undefined, { dateStyle: "full" }).format(new Date(day.year, day.month, day.day));
}

/** "9:30 AM" in the user's locale; empty without a time. */
export function timeLabel(iso: string | null): string {
  if (!iso) return "";
  return dateTimeFormat(undefined, { timeStyle: "short" }).format(new Date(iso));
}

const postLabel = (post: PostDto) => `post "${postShortName(post)}"`;
const PostLabel = (post: PostDto) => `Post "${postShortName(post)}"`;

/** When the post would go out if it moved to `key`: the same time of day on that day. */
function movedTo(post: PostDto, key: string): Date | null {
  const day = parseDayKey(key);
  return day && post.scheduledAt ? moveToDay(new Date(post.scheduledAt), day) : null;
}

export const screenReaderInstructions =
  "To move this scheduled post to another day, press Space or Enter to pick it up, use the arrow keys to move it a day (left and right) or a week (up and down), then press Space or Enter to drop it: it keeps its time of day. Escape cancels. To open the post, choose it in the Scheduled Posts list.";

/** Announcements of a move, by keyboard or by pointer. */
export const moveMessages = {
  pickedUp: (post: PostDto, from: string) =>
    `Picked up ${postLabel(post)}, scheduled ${dayLabel(from)} at ${timeLabel(post.scheduledAt)}. Use the arrow keys to move it, Space or Enter to drop it, Escape to cancel.`,
  over: (post: PostDto, key: string) => {
    const at = movedTo(post, key);
    const when = at ? `${dayLabel(key)} at ${timeLabel(at.toISOString())}` : dayLabel(key);
    return `${PostLabel(post)} is over ${when}${at && !isFutureDate(at) ? ", which has already passed" : ""}.`;
  },
  dropped: (post: PostDto, from: string, to: string) => {
    if (from === to) return `${PostLabel(post)} was dropped on ${dayLabel(to)}, its own day: nothing changed.`;
    const at = movedTo(post, to);
    return `${PostLabel(post)} was dropped on ${dayLabel(to)}${at ? `: rescheduling it for ${timeLabel(at.toISOString())}` : ""}.`;
  },
  droppedOutside: (post: PostDto) => `${PostLabel(post)} was dropped outside the calendar: nothing changed.`,
  cancelled: (post: PostDto, from: string) => `Moving cancelled. ${PostLabel(post)} stays on ${dayLabel(from)}.`,
};
