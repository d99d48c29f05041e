"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { PlatformStat } from "@/lib/analytics/schemas";
import { abbreviateNumber } from "@/lib/format";
import { axisTick, gridStroke, legendStyle, seriesColors, tooltipProps } from "./chart-theme";
import { engagementSeries } from "./engagement-series";

/** The drawing of 'Engagement by Platform' (recharts, loaded when the chart nears the screen). */
export function EngagementBars({ rows }: { rows: (PlatformStat & { name: string })[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -12 }} accessibilityLayer={false}>
        <CartesianGrid stroke={gridStroke} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" tick={axisTick} stroke={gridStroke} tickMargin={6} />
        <YAxis tick={axisTick} stroke={gridStroke} tickFormatter={abbreviateNumber} allowDecimals={false} />
        <Tooltip {...tooltipProps} />
        <Legend wrapperStyle={legendStyle} />
        {engagementSeries.map((s) => (
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
  );
}
