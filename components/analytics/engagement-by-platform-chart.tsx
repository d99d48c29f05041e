"use client";

import { BarChart3 } from "lucide-react";
import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";
import type { PlatformStat } from "@/lib/analytics/schemas";
import { platformLabels } from "@/lib/networks/platforms";
import { DrawnWhenNear } from "./drawn-when-near";
import { engagementSeries as series } from "./engagement-series";
import { EmptyState } from "./empty-state";

const EngagementBars = dynamic(() => import("./engagement-bars").then((m) => m.EngagementBars), {
  ssr: false,
  loading: () => <Skeleton className="size-full" />,
});

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
      <DrawnWhenNear className="h-64" testId="engagement-by-platform-chart">
        <EngagementBars rows={rows} />
      </DrawnWhenNear>
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
