"use client";

import { useCallback, useEffect, useRef, useState } from "react";

/** Spec section 9: the auto-paste indicator shows for 3 s. */
export const PASTE_INDICATOR_MS = 3_000;

/** True for 3 s after each paste; a new paste restarts the 3 s. */
export function usePasteIndicator(durationMs = PASTE_INDICATOR_MS) {
  const [pasted, setPasted] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onPaste = useCallback(() => {
    setPasted(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setPasted(false), durationMs);
  }, [durationMs]);

  return { pasted, onPaste };
}
