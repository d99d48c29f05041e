/**
 * The queue's constants and messages: plain values, no zod, so the editor and the Schedule Post
 * dialog use them without the validation library (re-exported by lib/queue/schemas.ts).
 */

/** 0 = Monday … 6 = Sunday, as Analytics' best times. */
export const QUEUE_WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
export const QUEUE_MAX_SLOTS = 100;
/** How far ahead Add to queue looks for a free slot, and the queue view's longest span. */
export const QUEUE_HORIZON_DAYS = 56;
export const QUEUE_VIEW_DAYS = 14;
/** A slot this close to now is neither offered nor shown: the post would be due before the person reads the toast. */
export const QUEUE_LEAD_MS = 60_000;
/** Without best times of its own a page gets these: weekdays at 09:00, 12:00 and 17:00. */
export const STANDARD_SLOT_MINUTES = [9 * 60, 12 * 60, 17 * 60] as const;

export const QUEUE_MESSAGES = {
  saved: "Queue saved",
  paused: "Queue paused: its posts are held until you resume it.",
  resumed: "Queue resumed: its held posts are back in its next free slots.",
  moved: "Post moved",
  noSlots: (page: string) => `${page} has no posting slots. Add times in its queue settings.`,
  pausedQueue: (page: string) => `The queue of ${page} is paused. Resume it to add posts.`,
  full: (page: string) => `${page} has no free slot in the next ${QUEUE_HORIZON_DAYS / 7} weeks.`,
  shares:
    "A post that shares to other pages cannot go to the queue: a share goes out with the post it shares. Pick a time for it instead.",
  notDraft: "Only a draft can be added to the queue.",
  notSlot: "That time is not one of this page's upcoming slots.",
  notInQueue: "This post is not in this page's queue.",
  pageNotFound: "Page not found",
  badSlot: "Each slot needs a weekday from 0 (Monday) to 6 (Sunday) and a minute of the day from 0 to 1439.",
  tooManySlots: `A queue can have at most ${QUEUE_MAX_SLOTS} slots.`,
  nothingToChange: "Send slots, a time zone or paused.",
} as const;
