import type { SocialPlatform } from "@/lib/networks/platforms";

/**
 * Chart colours and text styles from the theme's CSS variables (app/themes.css), so every chart
 * follows the five themes without knowing them.
 */

export const seriesColors = {
  views: "var(--chart-1)",
  likes: "var(--chart-4)",
  comments: "var(--chart-2)",
  shares: "var(--chart-3)",
} as const;

export const platformColors: Record<SocialPlatform, string> = {
  facebook: "var(--chart-1)",
  twitter: "var(--chart-2)",
  linkedin: "var(--chart-3)",
  instagram: "var(--chart-4)",
  tiktok: "var(--chart-5)",
  youtube: "var(--chart-4)",
};

export const axisTick = { fill: "var(--muted-foreground)", fontSize: 12 } as const;
export const gridStroke = "var(--border)";

export const tooltipProps = {
  contentStyle: {
    background: "var(--popover)",
    color: "var(--popover-foreground)",
    border: "1px solid var(--border)",
    borderRadius: 8,
    fontSize: 12,
  },
  labelStyle: { color: "var(--popover-foreground)", fontWeight: 600 },
  itemStyle: { color: "var(--popover-foreground)" },
  cursor: { fill: "var(--muted)", stroke: "var(--border)" },
} as const;

export const legendStyle = { color: "var(--foreground)", fontSize: 12 } as const;
