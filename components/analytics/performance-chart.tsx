"use client";

import { LineChart as LineIcon } from "lucide-react";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { PerformancePoint } from "@/lib/analytics/schemas";
import { abbreviateNumber, dateTimeFormat } from "@/lib/format";
import { axisTick, gridStroke, legendStyle, seriesColors, tooltipProps } from "./chart-theme";
import { EmptyState } from "./empty-state";

const series = [
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

/** 'Performance Over Time': views, likes, comments and shares per day, with a table for screen readers. */
export function PerformanceChart({ points }: { points: PerformancePoint[] }) {
  const hasData = points.some((p) => p.views + p.likes + p.comments + p.shares > 0);
  if (!hasData)
    return (
      <EmptyState
        icon={LineIcon}
        title="No Data Available"
        text="Publish a post and its views, likes, comments and shares will appear here after the next sync."
      />
    );
  return (
    <figure className="grid gap-2">
      <div className="h-72 w-full" aria-hidden="true" data-testid="performance-chart">
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
            {series.map((s) => (
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
      </div>
      <figcaption className="sr-only">Views, likes, comments and shares per day</figcaption>
      <table className="sr-only">
        <caption>Performance over time, per day</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <th scope="row">{shortDay(p.date)}</th>
              {series.map((s) => (
                <td key={s.key}>{p[s.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
