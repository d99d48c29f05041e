import { z } from "zod";
import type { DataResponse } from "@/lib/api-response";

/** Contracts of GET /api/notifications and POST /api/notifications/read. */

export const NOTIFICATION_KINDS = [
  "submitted",
  "approved",
  "changes_requested",
  "back_in_review",
  "approval_missed",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The bell lists a person's newest this many. */
export const NOTIFICATIONS_LISTED = 20;

/** Without ids, every one of the person's notifications is marked read. */
export const markNotificationsReadSchema = z
  .object({
    ids: z
      .array(z.uuid({ error: "ids must be notification ids" }))
      .max(100)
      .optional(),
  })
  .strict();
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadSchema>;

export interface NotificationDto {
  id: string;
  kind: NotificationKind;
  workspaceId: string;
  postId: string | null;
  text: string;
  createdAt: string;
  readAt: string | null;
}

export type NotificationsResponse = DataResponse<{ notifications: NotificationDto[]; unread: number }>;
