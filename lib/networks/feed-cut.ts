/** How feeds cut a long post behind their "more" link, for the networks' `feedCut`. Pure. */

/** Backs a cut off at `end` up to the last space when that keeps most of it (feeds cut between words). */
function atWordBoundary(text: string, end: number): string {
  const head = text.slice(0, end);
  const space = head.search(/\s\S*$/);
  return (space > end * 0.6 ? head.slice(0, space) : head).trimEnd();
}

/** The first `max` code points (never half an emoji). */
function firstCodePoints(text: string, max: number): string {
  return Array.from(text).slice(0, max).join("");
}

/** The text up to `maxChars` characters or `maxLines` lines, whichever is shorter; null when neither cuts. */
export function cutByCharsAndLines(text: string, maxChars: number, maxLines: number | null): string | null {
  let end = text.length;
  let byLines = false;
  if (maxLines !== null) {
    const lines = text.split("\n");
    if (lines.length > maxLines) {
      end = lines.slice(0, maxLines).join("\n").length;
      byLines = true;
    }
  }
  const byChars = firstCodePoints(text, maxChars);
  if (byChars.length < end) return atWordBoundary(text, byChars.length);
  return byLines ? text.slice(0, end).trimEnd() : null;
}
