"use client";

import { useState } from "react";

/**
 * True from the first time `open` is true, and from then on: a dialog whose code is loaded only
 * when it is first wanted (next/dynamic) mounts then and stays mounted, so it can animate closed
 * and opens at once the next time.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Derived state, set while rendering (React re-renders before committing).
  if (open && !opened) setOpened(true);
  return opened || open;
}
