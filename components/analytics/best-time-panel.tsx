import { Clock } from "lucide-react";
import { bestTimeGrid, formatPercent, hourLabel, weekdayLabels, weekdayNames } from "@/lib/analytics/display";
import type { BestTimes } from "@/lib/analytics/schemas";
import { formatCount } from "@/lib/format";
import { EmptyState } from "./empty-state";

/**
 * 'Best time to post': engagement rate by weekday and hour in the user's zone, from their own
 * published posts. Hidden (and explained) while too few posts stand behind it.
 */
export function BestTimePanel({ bestTimes }: { bestTimes: BestTimes }) {
  if (!bestTimes.available)
    return (
      <EmptyState
        icon={Clock}
        title="Not enough posts yet"
        text={`The grid appears once ${bestTimes.minPosts} published posts have views (${bestTimes.totalPosts} so far).`}
      />
    );
  const { rows, best } = bestTimeGrid(bestTimes.cells);
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        {best ? (
          <>
            Best: <strong>{weekdayNames[best.weekday]}</strong> at <strong>{hourLabel(best.hour)}</strong> (
            {formatPercent(best.engagementRate)} engagement, {formatCount(best.posts, "post")})
          </>
        ) : (
          "No hour stands out yet."
        )}
        <span className="text-muted-foreground">
          {" "}
          · from {formatCount(bestTimes.totalPosts, "post")}, times in {bestTimes.timeZone}
        </span>
      </p>
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Best time to post grid">
        <table className="w-full min-w-[36rem] table-fixed border-separate border-spacing-0.5 text-[10px]">
          <caption className="sr-only">
            Engagement rate and number of posts by weekday (rows) and hour (columns), in {bestTimes.timeZone}
          </caption>
          <thead>
            <tr>
              <td className="w-9" />
              {rows[0]?.map((cell) => (
                <th key={cell.hour} scope="col" className="text-muted-foreground font-normal">
                  {cell.hour % 3 === 0 ? String(cell.hour).padStart(2, "0") : ""}
                  <span className="sr-only">{hourLabel(cell.hour)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, weekday) => (
              <tr key={weekdayLabels[weekday]}>
                <th scope="row" className="text-muted-foreground pr-1 text-left font-normal">
                  <abbr title={weekdayNames[weekday]} className="no-underline">
                    {weekdayLabels[weekday]}
                  </abbr>
                </th>
                {row.map((cell) => (
                  <td
                    key={cell.hour}
                    className="bg-muted h-5 rounded-sm"
                    style={
                      cell.posts > 0
                        ? {
                            background: `color-mix(in oklch, var(--primary) ${Math.round(20 + cell.intensity * 80)}%, var(--muted))`,
                          }
                        : undefined
                    }
                    title={
                      cell.posts > 0
                        ? `${weekdayNames[weekday]} ${hourLabel(cell.hour)}: ${formatPercent(cell.engagementRate)}, ${formatCount(cell.posts, "post")}`
                        : undefined
                    }
                  >
                    <span className="sr-only">
                      {cell.posts > 0
                        ? `${formatPercent(cell.engagementRate)}, ${formatCount(cell.posts, "post")}`
                        : "no posts"}
                    </span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
