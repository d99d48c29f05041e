"use client";

import { PieChart as PieIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { PlatformIcon } from "@/components/social/platform-icon";
import { Skeleton } from "@/components/ui/skeleton";
import { distributionValue, formatPercent } from "@/lib/analytics/display";
import type { PlatformStat } from "@/lib/analytics/schemas";
import { formatCount } from "@/lib/format";
import { platformLabels } from "@/lib/networks/platforms";
import { platformColors } from "./chart-theme";
import { DrawnWhenNear } from "./drawn-when-near";
import { EmptyState } from "./empty-state";

const PlatformPie = dynamic(() => import("./platform-pie").then((m) => m.PlatformPie), {
  ssr: false,
  loading: () => <Skeleton className="size-full" />,
});

/**
 * 'Platform Distribution': each platform's share of views + likes + shares + comments, with its
 * post count and average engagement rate written beside the pie (which screen readers skip).
 */
export function PlatformDistributionChart({ stats }: { stats: PlatformStat[] }) {
  const slices = stats
    .map((stat) => ({ ...stat, name: platformLabels[stat.platform], value: distributionValue(stat) }))
    .filter((slice) => slice.value > 0);
  if (slices.length === 0)
    return (
      <EmptyState
        icon={PieIcon}
        title="No Platform Data"
        text="Once your published posts gather views or reactions, each platform's share shows here."
      />
    );
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  return (
    <div className="grid items-center gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <DrawnWhenNear className="h-56" testId="platform-distribution-chart">
        <PlatformPie slices={slices} />
      </DrawnWhenNear>
      <ul className="grid gap-3" aria-label="Platform distribution">
        {slices.map((slice) => (
          <li key={slice.platform} className="flex items-center gap-3">
            <span
              className="size-3 shrink-0 rounded-full"
              style={{ background: platformColors[slice.platform] }}
              aria-hidden
            />
            <PlatformIcon platform={slice.platform} className="size-7" />
            <div className="grid min-w-0 text-sm">
              <span className="font-medium">
                {slice.name}{" "}
                <span className="text-muted-foreground font-normal tabular-nums">
                  {formatPercent(slice.value / total)}
                </span>
              </span>
              <span className="text-muted-foreground text-xs tabular-nums">
                {formatCount(slice.posts, "post")} · {formatPercent(slice.avgEngagementRate)} avg engagement
              </span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
