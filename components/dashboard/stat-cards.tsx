import { Bot, FileText, Layers, Users, type LucideIcon } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { abbreviateNumber } from "@/lib/format";
import type { AccountStats } from "@/lib/social/schemas";

interface Stat {
  label: string;
  value: string;
  icon: LucideIcon;
}

function StatCard({ stat, loading }: { stat: Stat; loading: boolean }) {
  const Icon = stat.icon;
  return (
    <Card className="py-5">
      <CardContent className="flex items-center gap-4 px-5">
        <span
          className="bg-primary/15 text-primary grid size-11 shrink-0 place-items-center rounded-lg"
          aria-hidden="true"
        >
          <Icon className="size-5" />
        </span>
        <dl className="grid min-w-0 gap-0.5">
          <dt className="text-muted-foreground truncate text-sm">{stat.label}</dt>
          <dd className="text-2xl font-bold tabular-nums">
            {loading ? (
              <>
                <Skeleton className="h-7 w-12" aria-hidden="true" />
                <span className="sr-only">Loading</span>
              </>
            ) : (
              stat.value
            )}
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * The four cards. AI Conversations is the user's real chat count (in place of the spec's
 * fixed 8); null while it loads, and a dash when it could not be read.
 */
export function StatCards({
  stats,
  loading = false,
  aiConversations,
  aiConversationsLoading = false,
}: {
  stats: AccountStats;
  loading?: boolean;
  aiConversations: number | null;
  aiConversationsLoading?: boolean;
}) {
  const items: Stat[] = [
    { label: "Connected Platforms", value: String(stats.totalConnectedPlatforms), icon: Layers },
    { label: "Connected Pages", value: String(stats.totalPages), icon: FileText },
    {
      label: "Total Followers",
      value: stats.totalFollowers === null ? "Not available" : abbreviateNumber(stats.totalFollowers),
      icon: Users,
    },
    {
      label: "AI Conversations",
      value: aiConversations === null ? "—" : abbreviateNumber(aiConversations),
      icon: Bot,
    },
  ];
  return (
    <section aria-label="Overview" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {items.map((stat) => (
        <StatCard
          key={stat.label}
          stat={stat}
          loading={stat.label === "AI Conversations" ? aiConversationsLoading : loading}
        />
      ))}
    </section>
  );
}
