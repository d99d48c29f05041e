import { shiftDayKey } from "@/lib/schedule/calendar";

/**
 * Keyboard coordinates of the month grid. Moving a post is pure day arithmetic on "YYYY-MM-DD"
 * keys (a day left or right, a week up or down), never screen geometry: the result does not depend
 * on layout, scrolling or how fast the keys come.
 */

const ARROW_STEPS: Partial<Record<string, number>> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 7, ArrowUp: -7 };

/** Days an arrow key moves by, or undefined for any other key. */
export function arrowStep(key: string): number | undefined {
  return ARROW_STEPS[key];
}

/** Space or Enter: pick a post up, or drop it. */
export function isGrabKey(key: string): boolean {
  return key === " " || key === "Enter";
}

/** The day an arrow key leads to from `from`, or null when `key` is not an arrow. */
export function dayAfterKey(from: string, key: string): string | null {
  const step = arrowStep(key);
  return step === undefined ? null : shiftDayKey(from, step);
}
