"use client";

import { Bell } from "lucide-react";
import dynamic from "next/dynamic";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useNotifications } from "@/lib/client/hooks/notifications";

// The list loads the first time the bell is opened: every signed-in page carries the bell.
const NotificationsPanel = dynamic(() => import("./notifications-panel").then((module) => module.NotificationsPanel), {
  ssr: false,
});

/**
 * The top bar's bell: how many notifications are unread, and a list of the newest that opens below
 * it (a disclosure: Escape or a click elsewhere closes it, and the focus goes back to the bell).
 */
export function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <div ref={root} className="relative">
      <Button
        ref={button}
        type="button"
        variant="ghost"
        size="icon"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="relative"
      >
        <Bell aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="bg-destructive absolute -top-0.5 -right-0.5 flex min-w-4 items-center justify-center rounded-full px-1 text-[10px] leading-4 font-semibold text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </Button>
      {open && <NotificationsPanel id={panelId} notifications={data?.notifications ?? []} unread={unread} />}
    </div>
  );
}
