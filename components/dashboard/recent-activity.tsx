"use client";

import { CalendarClock, CircleAlert, CircleCheck, Link2, Sparkles, type LucideIcon } from "lucide-react";
import { Link } from "@/components/ui/link";
import { InlineMessage } from "@/components/media/inline-message";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { ActivityItem, ActivityKind } from "@/lib/analytics/schemas";
import { errorMessage } from "@/lib/client/http";
import { useHydrated } from "@/lib/client/use-hydrated";
import { relativeSyncTime, formatDateAndTime } from "@/lib/format";
import { cn } from "@/lib/utils";

const kindIcons: Record<ActivityKind, { icon: LucideIcon; tint: string }> = {
  published: { icon: CircleCheck, tint: "bg-success/15 text-success" },
  failed: { icon: CircleAlert, tint: "bg-destructive/15 text-destructive" },
  scheduled: { icon: CalendarClock, tint: "bg-primary/15 text-primary" },
  account_connected: { icon: Link2, tint: "bg-muted text-muted-foreground" },
  ai_draft: { icon: Sparkles, tint: "bg-muted text-muted-foreground" },
};

/**
 * The user's latest real events (published, failed, scheduled, account connected, AI draft).
 * `asOf`: when the items were read. Their ages are counted from it until the page has hydrated
 * (the server and the browser then write the same "5m ago"), from now after; the full local time
 * in the tooltip is the browser's alone.
 */
export function RecentActivity({
  items,
  asOf,
  loading,
  error,
  onRetry,
}: {
  items: ActivityItem[] | undefined;
  asOf: number;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const hydrated = useHydrated();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-xl font-semibold">Recent Activity</h2>
        </CardTitle>
        <CardDescription>Your latest posts, connections and AI drafts.</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="grid gap-4" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10 w-full" aria-hidden />
            ))}
            <span className="sr-only">Loading activity</span>
          </div>
        ) : items === undefined ? (
          <div className="grid justify-items-start gap-3">
            <InlineMessage tone="error">{errorMessage(error, "Failed to load activity")}</InlineMessage>
            <Button type="button" size="sm" variant="outline" onClick={onRetry}>
              Try Again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            Nothing yet. <Link href="/create-post">Create a post</Link> or connect an account to get started.
          </p>
        ) : (
          <ul className="grid gap-4" aria-label="Recent activity">
            {items.map((item) => {
              const { icon: Icon, tint } = kindIcons[item.kind];
              return (
                <li key={item.id} className="flex items-start gap-3">
                  <span className={cn("grid size-8 shrink-0 place-items-center rounded-full", tint)} aria-hidden="true">
                    <Icon className="size-4" />
                  </span>
                  <div className="grid min-w-0 gap-0.5">
                    <p className="text-sm font-medium break-words">{item.text}</p>
                    <p className="text-muted-foreground text-xs">
                      <time dateTime={item.at} title={hydrated ? formatDateAndTime(item.at) : undefined}>
                        {relativeSyncTime(item.at, hydrated ? undefined : new Date(asOf))}
                      </time>
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
