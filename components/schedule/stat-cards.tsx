import { BarChart3, CalendarClock, CheckCircle2, FileText, type LucideIcon } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { formatPercent } from "@/lib/analytics/display";
import type { ScheduleStats } from "@/lib/schedule/posts";

/**
 * The scheduler's four figures (spec 'Schedule'). Engagement is the all-time engagement rate of the
 * published posts (the analytics overview's figure); a dash while it loads or could not be read.
 */
export function StatCards({ stats, engagementRate }: { stats: ScheduleStats; engagementRate: number | null }) {
  const cards: { title: string; value: string; caption: string; icon: LucideIcon; tint: string }[] = [
    {
      title: "Scheduled Posts",
      value: String(stats.scheduled),
      caption: "Ready to publish",
      icon: CalendarClock,
      tint: "text-blue-600",
    },
    {
      title: "Published Today",
      value: String(stats.publishedToday),
      caption: "Successful posts",
      icon: CheckCircle2,
      tint: "text-green-700",
    },
    { title: "Total Posts", value: String(stats.total), caption: "All time", icon: FileText, tint: "text-primary" },
    {
      title: "Engagement",
      value: engagementRate === null ? "--" : formatPercent(engagementRate),
      caption: "Avg. engagement rate",
      icon: BarChart3,
      tint: "text-primary",
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map(({ title, value, caption, icon: Icon, tint }) => (
        <li key={title}>
          <Card className="gap-0 py-4">
            <CardContent className="flex items-start justify-between gap-2 px-3 sm:gap-3 sm:px-4">
              <div className="grid gap-1">
                <h2 className="text-muted-foreground text-sm font-medium">{title}</h2>
                <p className="text-2xl font-bold tabular-nums">{value}</p>
                <p className="text-muted-foreground text-xs">{caption}</p>
              </div>
              <Icon className={`size-5 ${tint}`} aria-hidden />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
