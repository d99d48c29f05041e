"use client";

import { Sparkles, X } from "lucide-react";
import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** Pages with their own AI entry point, where the floating button would be a second one. */
const HIDDEN_ON = ["/chat", "/create-post"];

const loadPanel = () => import("./assistant-widget-panel");

// The panel (chat hooks, markdown, composer) is a chunk of its own, loaded when the assistant is
// first opened or about to be (pointer over or focus on the button): it was evaluated on every
// signed-in page's load, a tenth of the dashboard's blocking time.
const AssistantWidgetPanel = dynamic(() => loadPanel().then((module) => module.AssistantWidgetPanel), {
  ssr: false,
});

/** How far the page moves before the button steps aside or comes back, so a jitter does neither. */
const SCROLL_STEP_PX = 8;
/** Near the top the button always shows: there is nothing under it yet worth uncovering. */
const TOP_PX = 64;

/**
 * On a phone the button steps aside while the page scrolls down, and comes back on the way up: a
 * fixed button there covers what is being read (the calendar's last column, a list's buttons).
 */
function useAsideWhileScrollingDown(): boolean {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    const phone = window.matchMedia("(max-width: 639px)");
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (!phone.matches || y <= TOP_PX) setAside(false);
      else if (y > last + SCROLL_STEP_PX) setAside(true);
      else if (y < last - SCROLL_STEP_PX) setAside(false);
      if (Math.abs(y - last) > SCROLL_STEP_PX) last = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return aside;
}

/**
 * The floating AI Assistant on every signed-in page: a round button bottom-right opening a small
 * chat panel, rendered with the page. The app shell that holds it stays mounted across pages, and
 * so does the panel once loaded, with its conversation.
 */
export function AiAssistantWidget() {
  const pathname = usePathname();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const aside = useAsideWhileScrollingDown();

  // /chat is the full-size chat and the editor has its own AI Assistant panel: a second, floating
  // chat there would only compete with it, so the widget hides on both (its conversation is kept
  // and comes back on the next page).
  if (HIDDEN_ON.some((route) => pathname === route || pathname.startsWith(`${route}/`))) return null;

  function close() {
    setOpen(false);
    launcher.current?.focus();
  }

  const warm = () => void loadPanel();

  return (
    <>
      {wanted && <AssistantWidgetPanel id={panelId} open={open} onClose={close} />}
      <Button
        ref={launcher}
        type="button"
        size="icon"
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => {
          if (open) return close();
          setWanted(true);
          setOpen(true);
        }}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? "Close AI Assistant" : "Open AI Assistant"}
        className={cn(
          "fixed right-4 bottom-4 z-40 size-12 rounded-full shadow-lg transition-[transform,opacity,visibility] hover:scale-105 sm:right-6 sm:bottom-6 sm:size-14",
          // On a phone the open panel fills the screen and has its own close button.
          open && "max-sm:hidden",
          // Hidden (not only faded): out of the tab order and the accessibility tree while aside.
          aside && !open && "max-sm:invisible max-sm:translate-y-24 max-sm:opacity-0",
        )}
      >
        {open ? <X className="size-6" aria-hidden /> : <Sparkles className="size-6" aria-hidden />}
      </Button>
    </>
  );
}
