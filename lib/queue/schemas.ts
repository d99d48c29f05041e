import { z } from "zod";
import { timeZoneSchema } from "@/lib/analytics/schemas";
import type { SocialPlatform } from "@/lib/networks/platforms";
import type { PostDto, PostStatus } from "@/lib/posts/schemas";
import { QUEUE_MAX_SLOTS, QUEUE_MESSAGES, QUEUE_VIEW_DAYS } from "./constants";

/**
 * A page's queue: posting slots (weekday × time on the queue's wall clock), its time zone, and
 * whether it is paused. Shared by the routes and the browser (docs/decisions/0065-queue.md).
 */

export * from "./constants";

export const queueSlotSchema = z.object(
  {
    weekday: z.number({ error: QUEUE_MESSAGES.badSlot }).int({ error: QUEUE_MESSAGES.badSlot }).min(0).max(6),
    minute: z.number({ error: QUEUE_MESSAGES.badSlot }).int({ error: QUEUE_MESSAGES.badSlot }).min(0).max(1439),
  },
  { error: QUEUE_MESSAGES.badSlot },
);
export type QueueSlot = z.infer<typeof queueSlotSchema>;

/** PUT /api/queue/{pageId}: any of the three; a time zone of null follows the workspace's. */
export const updateQueueSchema = z
  .object({
    slots: z
      .array(queueSlotSchema, { error: QUEUE_MESSAGES.badSlot })
      .max(QUEUE_MAX_SLOTS, { error: QUEUE_MESSAGES.tooManySlots })
      .optional(),
    timeZone: timeZoneSchema.nullable().optional(),
    paused: z.boolean({ error: "paused must be true or false" }).optional(),
  })
  .refine((input) => input.slots !== undefined || input.timeZone !== undefined || input.paused !== undefined, {
    error: QUEUE_MESSAGES.nothingToChange,
  });
export type UpdateQueueInput = z.infer<typeof updateQueueSchema>;

/** POST /api/queue/{pageId}/move: the post goes to the slot at `to`, swapping with a queued post there. */
export const moveQueuePostSchema = z.object({
  postId: z.string({ error: "postId is required" }).min(1, { error: "postId is required" }).max(64),
  to: z.iso.datetime({ offset: true, error: "to must be an ISO date-time" }),
});
export type MoveQueuePostInput = z.infer<typeof moveQueuePostSchema>;

export const queueViewQuerySchema = z.object({
  days: z.coerce
    .number({ error: `days must be a whole number from 1 to ${QUEUE_VIEW_DAYS}` })
    .int({ error: `days must be a whole number from 1 to ${QUEUE_VIEW_DAYS}` })
    .min(1, { error: `days must be a whole number from 1 to ${QUEUE_VIEW_DAYS}` })
    .max(QUEUE_VIEW_DAYS, { error: `days must be a whole number from 1 to ${QUEUE_VIEW_DAYS}` })
    .default(7),
});

/** A page's queue settings as they apply now. */
export interface PageQueueDto {
  pageId: string;
  pageName: string;
  platform: SocialPlatform;
  profilePicture: string | null;
  /** The zone the slots are read in: the queue's own, else the workspace's. */
  timeZone: string;
  /** The queue's own zone; null when it follows the workspace's. */
  ownTimeZone: string | null;
  paused: boolean;
  /** Where the slots come from: saved by someone, the page's best times, or the standard ones. */
  slotsFrom: "custom" | "best_times" | "standard";
  /** By weekday, then minute. */
  slots: QueueSlot[];
}

/** What the queue view shows of a post. */
export interface QueuePostDto {
  id: string;
  title: string | null;
  content: string;
  status: PostStatus;
  approvalState: PostDto["approvalState"];
  /** The first medium's thumbnail (an image itself when it has none); null without media or for a video without one. */
  thumbnailUrl: string | null;
  thumbnailKind: "image" | "video" | null;
  /** In this page's queue (moves with it); false for a post with a time of its own. */
  queued: boolean;
}

/** One upcoming instant of a page: a slot (empty or taken) or a post at a time of its own. */
export interface QueueEntryDto {
  at: string;
  slot: boolean;
  post: QueuePostDto | null;
}

export interface PageQueueViewDto extends PageQueueDto {
  upcoming: QueueEntryDto[];
  /** Posts held while the queue is paused, in the order they go back. */
  held: QueuePostDto[];
}

export interface QueuedPostPlacement {
  postId: string;
  pageId: string;
  pageName: string;
  at: string;
  timeZone: string;
}
