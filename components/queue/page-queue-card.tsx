"use client";

import { Globe, Loader2, Pause, Play, SlidersHorizontal } from "lucide-react";
import { useCallback, useId, useMemo, useState } from "react";
import { PageAvatar } from "@/components/social/page-avatar";
import { PlatformIcon } from "@/components/social/platform-icon";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useMoveQueuePost, useUpdateQueue } from "@/lib/client/hooks/queue";
import { errorMessage } from "@/lib/client/http";
import { toast } from "@/lib/client/toast";
import { platformLabels } from "@/lib/networks/platforms";
import type { PageQueueViewDto } from "@/lib/queue/schemas";
import { entryKey, groupByDay, neighbourSlot } from "./queue-display";
import { QueueEntryRow, type MoveDirection } from "./queue-entry-row";
import { QueuePostSummary } from "./queue-post-summary";

interface PageQueueCardProps {
  queue: PageQueueViewDto;
  days: number;
  /** The person may change queues (pause, slots, moves): the `publish` permission. */
  mayEdit: boolean;
  onEditSlots: () => void;
}

/** One page's queue: who and where, Pause/Resume and Edit slots, its upcoming days, and what it holds. */
export function PageQueueCard({ queue, days, mayEdit, onEditSlots }: PageQueueCardProps) {
  const headingId = useId();
  const heldId = useId();
  const update = useUpdateQueue();
  const move = useMoveQueuePost();
  // The post just moved, so the focus can follow it to its new row.
  const [follow, setFollow] = useState<{ postId: string; direction: MoveDirection; from: string } | null>(null);
  const clearFollow = useCallback(() => setFollow(null), []);
  const byDay = useMemo(() => groupByDay(queue.upcoming, queue.timeZone), [queue.upcoming, queue.timeZone]);

  async function togglePause() {
    if (update.isPending) return;
    try {
      const { message } = await update.mutateAsync({ pageId: queue.pageId, input: { paused: !queue.paused } });
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error, queue.paused ? "Failed to resume the queue" : "Failed to pause the queue"));
    }
  }

  async function moveTo(postId: string, from: string, to: string, direction: MoveDirection) {
    if (move.isPending) return;
    try {
      const { message } = await move.mutateAsync({ pageId: queue.pageId, input: { postId, to } });
      setFollow({ postId, direction, from });
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to move the post"));
    }
  }

  return (
    <Card className="gap-0 py-0" aria-labelledby={headingId} role="region">
      <header className="flex flex-wrap items-center gap-3 border-b p-4 sm:px-5">
        <PageAvatar name={queue.pageName} src={queue.profilePicture} size="md" />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h2 id={headingId} className="truncate text-base font-semibold">
              {queue.pageName}
            </h2>
            {queue.paused && <Badge variant="warning">Paused</Badge>}
          </div>
          <p className="text-muted-foreground flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="inline-flex items-center gap-1.5">
              <PlatformIcon platform={queue.platform} className="size-4 rounded-sm [&_svg]:size-2.5" />
              {platformLabels[queue.platform]}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Globe className="size-3.5" aria-hidden />
              Times in {queue.timeZone}
            </span>
          </p>
        </div>
        {mayEdit && (
          <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-busy={update.isPending || undefined}
              onClick={() => void togglePause()}
            >
              {update.isPending ? (
                <Loader2 className="animate-spin" aria-hidden />
              ) : queue.paused ? (
                <Play aria-hidden />
              ) : (
                <Pause aria-hidden />
              )}
              {queue.paused ? "Resume" : "Pause"}
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={onEditSlots}>
              <SlidersHorizontal aria-hidden />
              Edit slots
            </Button>
          </div>
        )}
      </header>

      <div className="grid gap-5 p-4 sm:px-5">
        {queue.paused && (
          <p className="bg-muted/50 text-muted-foreground rounded-md border px-3 py-2 text-sm">
            Paused: nothing goes out from this queue until you resume it. Its posts wait under Held while paused.
          </p>
        )}

        {byDay.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            No posting slots in the next {days} days.{mayEdit && " Add times with Edit slots."}
          </p>
        ) : (
          byDay.map((day) => (
            <div key={day.key} className="grid gap-2">
              <h3 className="text-muted-foreground text-sm font-semibold">{day.label}</h3>
              <ul className="bg-background divide-y rounded-lg border" aria-label={day.label}>
                {day.entries.map((entry) => (
                  <QueueEntryRow
                    key={entryKey(entry)}
                    entry={entry}
                    timeZone={queue.timeZone}
                    earlierAt={neighbourSlot(queue.upcoming, queue.upcoming.indexOf(entry), -1)}
                    laterAt={neighbourSlot(queue.upcoming, queue.upcoming.indexOf(entry), 1)}
                    mayMove={mayEdit}
                    onMove={(to, direction) => entry.post && void moveTo(entry.post.id, entry.at, to, direction)}
                    focusMove={
                      follow && entry.post?.id === follow.postId && entry.at !== follow.from ? follow.direction : null
                    }
                    onFocused={clearFollow}
                  />
                ))}
              </ul>
            </div>
          ))
        )}

        {(queue.paused || queue.held.length > 0) && (
          <section aria-labelledby={heldId} className="grid gap-2">
            <h3 id={heldId} className="text-sm font-semibold">
              Held while paused
            </h3>
            {queue.held.length === 0 ? (
              <p className="text-muted-foreground text-sm">Nothing is held.</p>
            ) : (
              <ul className="bg-background divide-y rounded-lg border">
                {queue.held.map((post) => (
                  <li key={post.id} className="px-3 py-2 sm:px-4">
                    <QueuePostSummary post={post} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
    </Card>
  );
}
