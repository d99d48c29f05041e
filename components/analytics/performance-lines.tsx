"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { PerformancePoint } from "@/lib/analytics/schemas";
import { abbreviateNumber } from "@/lib/format";
import { axisTick, gridStroke, legendStyle, seriesColors, tooltipProps } from "./chart-theme";
import { performanceSeries, shortDay } from "./performance-series";

/** The drawing of 'Performance Over Time' (recharts, loaded when the chart nears the screen). */
export function PerformanceLines({ points }: { points: PerformancePoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={points} margin={{ top: 8, right: 24, bottom: 0, left: -12 }} accessibilityLayer={false}>
        <CartesianGrid stroke={gridStroke} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={shortDay}
          tick={axisTick}
          stroke={gridStroke}
          minTickGap={16}
          tickMargin={6}
        />
        <YAxis tick={axisTick} stroke={gridStroke} tickFormatter={abbreviateNumber} allowDecimals={false} />
        <Tooltip {...tooltipProps} labelFormatter={(label) => shortDay(String(label))} />
        <Legend wrapperStyle={legendStyle} />
        {performanceSeries.map((s) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={seriesColors[s.key]}
            strokeWidth={2}
            dot={points.length <= 31 ? { r: 3, fill: seriesColors[s.key] } : false}
            activeDot={{ r: 5 }}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
