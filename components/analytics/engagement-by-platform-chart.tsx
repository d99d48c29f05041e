"use client";

import { BarChart3 } from "lucide-react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { PlatformStat } from "@/lib/analytics/schemas";
import { abbreviateNumber } from "@/lib/format";
import { platformLabels } from "@/lib/social/platforms";
import { axisTick, gridStroke, legendStyle, seriesColors, tooltipProps } from "./chart-theme";
import { EmptyState } from "./empty-state";

const series = [
  { key: "likes", label: "Likes" },
  { key: "comments", label: "Comments" },
  { key: "shares", label: "Shares" },
] as const;

/** 'Engagement by Platform': likes, comments and shares per platform, with a table for screen readers. */
export function EngagementByPlatformChart({ stats }: { stats: PlatformStat[] }) {
  const rows = stats
    .filter((s) => s.likes + s.comments + s.shares > 0)
    .map((s) => ({ ...s, name: platformLabels[s.platform] }));
  if (rows.length === 0)
    return (
      <EmptyState
        icon={BarChart3}
        title="No Engagement Data"
        text="Likes, comments and shares per platform appear here once people react to your posts."
      />
    );
  return (
    <figure className="grid gap-2">
      <div className="h-64 w-full" aria-hidden="true" data-testid="engagement-by-platform-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -12 }} accessibilityLayer={false}>
            <CartesianGrid stroke={gridStroke} strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" tick={axisTick} stroke={gridStroke} tickMargin={6} />
            <YAxis tick={axisTick} stroke={gridStroke} tickFormatter={abbreviateNumber} allowDecimals={false} />
            <Tooltip {...tooltipProps} />
            <Legend wrapperStyle={legendStyle} />
            {series.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                fill={seriesColors[s.key]}
                radius={[4, 4, 0, 0]}
                maxBarSize={40}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Engagement by platform</caption>
        <thead>
          <tr>
            <th scope="col">Platform</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.platform}>
              <th scope="row">{r.name}</th>
              {series.map((s) => (
                <td key={s.key}>{r[s.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
