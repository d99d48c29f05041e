import { dateTimeFormat } from "@/lib/format";

/** The four lines of 'Performance Over Time', in the order of the legend and the table. */
export const performanceSeries = [
  { key: "views", label: "Views" },
  { key: "likes", label: "Likes" },
  { key: "comments", label: "Comments" },
  { key: "shares", label: "Shares" },
] as const;

/** "2026-03-29" → "29 Mar": the server's local day, shown as that calendar day (no zone shift). */
export function shortDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  if (!y || !m || !d) return date;
  return dateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}
