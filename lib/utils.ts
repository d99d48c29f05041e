import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names; it does not merge them. A component's own classes and a caller's never set the
 * same thing: a caller's change is a prop or a variant (tailwind-merge, which resolved such pairs,
 * took 20-30 ms of every page's hydration under Lighthouse's slowdown; docs/decisions/0049-class-names-without-tailwind-merge.md). The e2e
 * suite fails on any element it sees with two classes for the same thing (tests/e2e/class-conflicts.ts).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
