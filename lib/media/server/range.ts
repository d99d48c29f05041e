import type { ByteRange } from "./storage";

/** HTTP Range requests on stored files. Pure. */

export type RangeRequest = { range: ByteRange } | "unsatisfiable" | null;

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; anything else is ignored (full file). */
export function parseRange(header: string | null, size: number): RangeRequest {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const [, first = "", last = ""] = match;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    return { range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { range: { start, end } };
}
