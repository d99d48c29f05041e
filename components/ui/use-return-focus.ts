"use client";

import { useRef } from "react";

/**
 * Radix returns focus on close only to a dialog's Trigger; a dialog opened from code (a card's
 * Delete or Publish, a calendar chip) would leave focus on the page's body. This remembers what had
 * focus when the dialog opened and gives it back on close, if it is still there and enabled. A
 * consumer's own handler runs first and may take over by calling preventDefault.
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Runs before Radix moves focus into the dialog: the active element is still the opener.
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      handlers.onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element || !element.isConnected || element.matches(":disabled")) return;
      event.preventDefault();
      element.focus({ preventScroll: true });
    },
  };
}
