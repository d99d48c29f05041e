"use client";

import { PieChart as PieIcon } from "lucide-react";
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from "recharts";
import { PlatformIcon } from "@/components/social/platform-icon";
import { distributionValue, formatPercent } from "@/lib/analytics/display";
import type { PlatformStat } from "@/lib/analytics/schemas";
import { abbreviateNumber, formatCount } from "@/lib/format";
import { platformLabels } from "@/lib/social/platforms";
import { platformColors, tooltipProps } from "./chart-theme";
import { EmptyState } from "./empty-state";

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
      <div className="h-56 w-full" aria-hidden="true" data-testid="platform-distribution-chart">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart accessibilityLayer={false}>
            <Pie
              data={slices}
              dataKey="value"
              nameKey="name"
              innerRadius="55%"
              outerRadius="90%"
              paddingAngle={slices.length > 1 ? 2 : 0}
              stroke={slices.length > 1 ? "var(--card)" : "none"}
              isAnimationActive={false}
            >
              {slices.map((slice) => (
                <Cell key={slice.platform} fill={platformColors[slice.platform]} />
              ))}
            </Pie>
            <Tooltip {...tooltipProps} formatter={(value) => abbreviateNumber(Number(value))} />
          </PieChart>
        </ResponsiveContainer>
      </div>
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
