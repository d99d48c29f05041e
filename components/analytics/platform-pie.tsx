"use client";

import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from "recharts";
import type { SocialPlatform } from "@/lib/networks/platforms";
import { abbreviateNumber } from "@/lib/format";
import { platformColors, tooltipProps } from "./chart-theme";

export interface PieSlice {
  platform: SocialPlatform;
  name: string;
  value: number;
}

/** The drawing of 'Platform Distribution' (recharts, loaded when the chart nears the screen). */
export function PlatformPie({ slices }: { slices: PieSlice[] }) {
  return (
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
  );
}
