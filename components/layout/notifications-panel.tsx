"use client";

import { formatDateAndTime } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { useMarkNotificationsRead } from "@/lib/client/hooks/notifications";
import type { NotificationDto } from "@/lib/notifications/schemas";
import { cn } from "@/lib/utils";

/** The bell's list (notifications-bell.tsx), newest first; loaded when the bell is first opened. */
export function NotificationsPanel({
  id,
  notifications,
  unread,
}: {
  id: string;
  notifications: NotificationDto[];
  unread: number;
}) {
  const markRead = useMarkNotificationsRead();
  return (
    <div
      id={id}
      role="region"
      aria-label="Notifications"
      className="bg-popover text-popover-foreground absolute right-0 z-50 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-md border p-2 shadow-md"
    >
      <div className="flex items-center justify-between gap-2 px-2 py-1">
        <h2 className="text-sm font-semibold">Notifications</h2>
        {unread > 0 && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={markRead.isPending}
            onClick={() => markRead.mutate(undefined)}
          >
            Mark all read
          </Button>
        )}
      </div>
      {notifications.length === 0 ? (
        <p className="text-muted-foreground px-2 py-4 text-sm">No notifications yet.</p>
      ) : (
        <ul className="grid max-h-96 gap-1 overflow-y-auto">
          {notifications.map((notification) => (
            <li
              key={notification.id}
              className={cn("rounded-sm px-2 py-2 text-sm", notification.readAt === null && "bg-accent")}
            >
              <p className="break-words">
                {notification.readAt === null && <span className="sr-only">Unread: </span>}
                {notification.text}
              </p>
              <time dateTime={notification.createdAt} className="text-muted-foreground text-xs">
                {formatDateAndTime(notification.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
