import { Eye, FileText, Heart, MessageCircle, Percent, Radio, Share2, type LucideIcon } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatChange, formatPercent } from "@/lib/analytics/display";
import type { AnalyticsOverview, OverviewCard } from "@/lib/analytics/schemas";
import { abbreviateNumber } from "@/lib/format";
import { cn } from "@/lib/utils";

const cards: { key: OverviewCard; label: string; icon: LucideIcon }[] = [
  { key: "totalViews", label: "Total Views", icon: Eye },
  { key: "totalLikes", label: "Likes", icon: Heart },
  { key: "totalShares", label: "Shares", icon: Share2 },
  { key: "totalComments", label: "Comments", icon: MessageCircle },
  { key: "avgEngagementRate", label: "Engagement Rate", icon: Percent },
  { key: "totalReach", label: "Total Reach", icon: Radio },
  { key: "totalPosts", label: "Total Posts", icon: FileText },
];

function cardValue(overview: AnalyticsOverview, key: OverviewCard): { shown: string; exact: string } {
  if (key === "avgEngagementRate") {
    const shown = formatPercent(overview.avgEngagementRate);
    return { shown, exact: shown };
  }
  const value = overview[key];
  return { shown: abbreviateNumber(value), exact: value.toLocaleString("en-US") };
}

/**
 * The seven cards (spec section 2), K/M abbreviated, each with its real change against the previous
 * period of the same length; no change line where there is nothing to compare with.
 */
export function OverviewCards({
  overview,
  loading,
  stale,
  periodLabel,
}: {
  overview: AnalyticsOverview | undefined;
  loading: boolean;
  stale: boolean;
  /** "previous 30 days"; null for All Time, which has no previous period. */
  periodLabel: string | null;
}) {
  return (
    <section aria-label="Overview" aria-busy={loading || stale}>
      <ul
        className={cn(
          "grid grid-cols-2 gap-3 transition-opacity sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-7",
          stale && "opacity-60",
        )}
      >
        {cards.map(({ key, label, icon: Icon }) => {
          const value = overview ? cardValue(overview, key) : null;
          const change = overview && periodLabel ? formatChange(overview.change[key]) : null;
          return (
            <li key={key} className="min-w-0">
              <Card className="h-full gap-0 py-4">
                <CardContent className="grid gap-1 px-4">
                  <div className="text-muted-foreground flex items-center justify-between gap-2">
                    <h3 className="truncate text-sm font-medium">{label}</h3>
                    <Icon className="size-4 shrink-0" aria-hidden />
                  </div>
                  {loading ? (
                    <>
                      <Skeleton className="h-8 w-16" aria-hidden />
                      <span className="sr-only">Loading</span>
                    </>
                  ) : !value ? (
                    <p className="text-muted-foreground text-2xl font-bold" aria-label="Not loaded">
                      —
                    </p>
                  ) : (
                    <p className="text-2xl font-bold tabular-nums" title={value.exact}>
                      {value.shown}
                      {value.shown !== value.exact && <span className="sr-only"> ({value.exact})</span>}
                    </p>
                  )}
                  {change && (
                    <p
                      className={cn(
                        "text-xs font-medium tabular-nums",
                        change.direction === "up" && "text-success",
                        change.direction === "down" && "text-destructive",
                        change.direction === "flat" && "text-muted-foreground",
                      )}
                    >
                      {change.text} <span className="text-muted-foreground font-normal">vs {periodLabel}</span>
                    </p>
                  )}
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
