"use client";

import { LineChart as LineIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";
import type { PerformancePoint } from "@/lib/analytics/schemas";
import { DrawnWhenNear } from "./drawn-when-near";
import { EmptyState } from "./empty-state";
import { performanceSeries, shortDay } from "./performance-series";

const PerformanceLines = dynamic(() => import("./performance-lines").then((m) => m.PerformanceLines), {
  ssr: false,
  loading: () => <Skeleton className="size-full" />,
});

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
      <DrawnWhenNear className="h-72" testId="performance-chart">
        <PerformanceLines points={points} />
      </DrawnWhenNear>
      <figcaption className="sr-only">Views, likes, comments and shares per day</figcaption>
      <table className="sr-only">
        <caption>Performance over time, per day</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {performanceSeries.map((s) => (
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
              {performanceSeries.map((s) => (
                <td key={s.key}>{p[s.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
