"use client";

import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent,
} from "react";

/** What the stand-in's button passes on to LoadOnIntent, spread onto it. */
export interface IntentHandlers {
  onPointerEnter: () => void;
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/** The full control: `defaultOpen` when it was pressed before it arrived. */
export type OpenableComponent<P> = ComponentType<P & { defaultOpen?: boolean }>;

/** What a closed Radix trigger carries besides its name, for a stand-in that reads the same. */
export function closedTrigger(popup: "menu" | "dialog") {
  return { type: "button", "aria-haspopup": popup, "aria-expanded": false, "data-state": "closed" } as const;
}

/** Keys that open a menu or a sheet from its button (Radix's triggers open on these). */
const OPEN_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/**
 * A control that first renders as a stand-in (`StandIn`): what the full control shows while
 * closed, looking and named exactly the same, with no Radix code behind it. The full control (a
 * menu, a sheet or a tooltip with the focus, dismissal and positioning code Radix needs: 38 KiB
 * compressed for the top bar's four, 16 KiB for the editor's hints on disabled buttons) is loaded
 * the first time the pointer comes onto the stand-in or it gets focus, and then takes its place:
 *
 * - a press (pointer, Enter, Space, ArrowDown) before a menu arrives opens it when it does
 *   (`defaultOpen`), so the first use never needs a second press; a tooltip opens as Radix's do,
 *   on the pointer's next move over it or on focus;
 * - the stand-in is not swapped while a pointer is down on it (the press's click would land
 *   nowhere), only after;
 * - focus on the stand-in moves to the full control's button when it takes its place.
 *
 * Keeps that code out of every page's first load (Lighthouse counts every script the
 * page asks for before its first paint as needed for it).
 */
export function LoadOnIntent<P extends object>({
  load,
  StandIn,
  props,
  pressOpens = true,
}: {
  load: () => Promise<OpenableComponent<P>>;
  /** Given `props` and the handlers to spread onto its button. */
  StandIn: ComponentType<P & IntentHandlers>;
  props: P;
  /** False for a tooltip: a press is then left to what it is on (a link's own click). */
  pressOpens?: boolean;
}) {
  const [Full, setFull] = useState<OpenableComponent<P> | null>(null);
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  const loading = useRef<Promise<void> | null>(null);
  const loaded = useRef<OpenableComponent<P> | null>(null);
  const pressed = useRef(false);
  const refocus = useRef(false);

  const swapIn = useCallback(() => {
    if (!loaded.current || pressed.current) return;
    refocus.current = box.current?.contains(document.activeElement) ?? false;
    setFull(() => loaded.current);
  }, []);
  const start = useCallback(() => {
    loading.current ??= load().then(
      (component) => {
        loaded.current = component;
        swapIn();
      },
      // A chunk that failed to arrive (offline, a new deployment): the next intent asks again.
      () => {
        loading.current = null;
      },
    );
  }, [load, swapIn]);

  // The control takes over the stand-in's focus, once; a menu opened on arrival moves it into itself.
  useLayoutEffect(() => {
    if (!Full || !refocus.current) return;
    refocus.current = false;
    if (!openOnArrival) box.current?.querySelector<HTMLElement>("button, a[href], [tabindex]")?.focus();
  }, [Full, openOnArrival]);

  /** Until the press on the stand-in ends (pointerup or pointercancel, whichever comes first). */
  const holdUntilReleased = () => {
    pressed.current = true;
    const press = new AbortController();
    const release = () => {
      press.abort();
      pressed.current = false;
      // After the click that ends this press has reached the stand-in.
      setTimeout(swapIn, 0);
    };
    window.addEventListener("pointerup", release, { signal: press.signal });
    window.addEventListener("pointercancel", release, { signal: press.signal });
  };
  const handlers: IntentHandlers = {
    onPointerEnter: start,
    onPointerDown: (event) => {
      if (event.button !== 0 || pressed.current) return;
      holdUntilReleased();
      if (pressOpens) setOpenOnArrival(true);
      start();
    },
    onFocus: start,
    onKeyDown: (event) => {
      if (!pressOpens || !OPEN_KEYS.has(event.key)) return;
      event.preventDefault();
      setOpenOnArrival(true);
      start();
    },
  };

  return (
    <span ref={box} className="contents">
      {Full ? <Full {...props} defaultOpen={openOnArrival || undefined} /> : <StandIn {...props} {...handlers} />}
    </span>
  );
}
