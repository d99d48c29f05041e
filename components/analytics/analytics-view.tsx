"use client";

import { Download, RotateCw } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DEFAULT_RANGE, rangeFor, rangePresets, type RangePresetId } from "@/lib/analytics/display";
import { analyticsMessages } from "@/lib/analytics/constants";
import type { DateRangeQuery } from "@/lib/analytics/schemas";
import { errorMessage } from "@/lib/client/http";
import {
  useAnalyticsOverview,
  useBestTimes,
  usePerformance,
  usePlatformStats,
  useTopPosts,
} from "@/lib/client/hooks/analytics";
import { exportUrl } from "@/lib/client/requests/analytics";
import { BestTimePanel } from "./best-time-panel";
import { ChartCard } from "./chart-card";
import { EngagementByPlatformChart } from "./engagement-by-platform-chart";
import { OverviewCards } from "./overview-cards";
import { PerformanceChart } from "./performance-chart";
import { PlatformDistributionChart } from "./platform-distribution-chart";
import { RangeChips } from "./range-chips";
import { TopPostsTable } from "./top-posts-table";

interface PanelQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
}

/** A panel's body: its content once loaded, nothing more to say when it failed (the banner says it). */
function panel<T>(query: PanelQuery<T>, render: (data: T) => ReactNode): ReactNode {
  if (query.data !== undefined) return render(query.data);
  return <p className="text-muted-foreground py-8 text-center text-sm">Not loaded.</p>;
}

/**
 * /analytics, 'Analytics Dashboard' (spec section 2): range chips, the seven cards with their change,
 * the charts, the top posts, the best time to post and the CSV downloads. `startedAt`: the server's
 * time when it rendered the page; the first range ends then, so its queries are the ones the server
 * answered with the page.
 */
export function AnalyticsView({ startedAt }: { startedAt: number }) {
  const [preset, setPreset] = useState<RangePresetId>(DEFAULT_RANGE);
  // Fixed when a chip is chosen, so the query keys (and the answers) stay put between renders.
  const [range, setRange] = useState<DateRangeQuery>(() => rangeFor(DEFAULT_RANGE, new Date(startedAt)));

  const overview = useAnalyticsOverview(range);
  const performance = usePerformance(range);
  const platforms = usePlatformStats(range);
  const topPosts = useTopPosts(range);
  const bestTimes = useBestTimes(range);
  const queries = [overview, performance, platforms, topPosts, bestTimes];
  const failed = queries.find((q) => q.isError);
  const loading = (q: PanelQuery<unknown>) => q.isPending && !q.isError;

  const days = rangePresets.find((p) => p.id === preset)?.days ?? null;
  const periodLabel = days ? `previous ${days} days` : null;

  function choose(id: RangePresetId) {
    setPreset(id);
    setRange(rangeFor(id, new Date()));
  }

  function retry() {
    for (const q of queries) if (q.isError) void q.refetch();
  }

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Analytics Dashboard</h1>
          <p className="text-muted-foreground mt-1">
            How your published posts perform, from the platforms&apos; own figures.
          </p>
        </div>
        <RangeChips value={preset} onChange={choose} />
      </header>

      {failed && (
        <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
          <AlertDescription>{errorMessage(failed.error, analyticsMessages.loadFailed)}</AlertDescription>
          <Button type="button" size="sm" variant="outline" onClick={retry}>
            <RotateCw aria-hidden />
            Retry
          </Button>
        </Alert>
      )}

      <OverviewCards
        overview={overview.data}
        loading={loading(overview)}
        stale={overview.isPlaceholderData}
        periodLabel={periodLabel}
      />

      <ChartCard
        title="Performance Over Time"
        description="Views, likes, comments and shares gained per day"
        loading={loading(performance)}
        stale={performance.isPlaceholderData}
      >
        {panel(performance, (points) => (
          <PerformanceChart points={points} />
        ))}
      </ChartCard>

      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard
          title="Platform Distribution"
          description="Views + likes + shares + comments per platform"
          loading={loading(platforms)}
          stale={platforms.isPlaceholderData}
        >
          {panel(platforms, (stats) => (
            <PlatformDistributionChart stats={stats} />
          ))}
        </ChartCard>
        <ChartCard
          title="Engagement by Platform"
          description="Likes, comments and shares per platform"
          loading={loading(platforms)}
          stale={platforms.isPlaceholderData}
        >
          {panel(platforms, (stats) => (
            <EngagementByPlatformChart stats={stats} />
          ))}
        </ChartCard>
      </div>

      <ChartCard
        title="Top Performing Posts"
        description="Posts published in this period, by views"
        loading={loading(topPosts)}
        stale={topPosts.isPlaceholderData}
        action={
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm" variant="outline">
              <a href={exportUrl("topPosts", range)} download>
                <Download aria-hidden />
                Export top posts (CSV)
              </a>
            </Button>
            <Button asChild size="sm" variant="outline">
              <a href={exportUrl("daily", range)} download>
                <Download aria-hidden />
                Export daily series (CSV)
              </a>
            </Button>
          </div>
        }
      >
        {panel(topPosts, (posts) => (
          <TopPostsTable posts={posts} />
        ))}
      </ChartCard>

      <ChartCard
        title="Best time to post"
        description="Engagement rate by weekday and hour, from your own published posts"
        loading={loading(bestTimes)}
        stale={bestTimes.isPlaceholderData}
      >
        {panel(bestTimes, (data) => (
          <BestTimePanel bestTimes={data} />
        ))}
      </ChartCard>
    </div>
  );
}
