"use client";

import { CalendarX2, X } from "lucide-react";
import { useId, useMemo } from "react";
import { postShortName } from "@/components/content/post-display";
import { DelayedBadge } from "@/components/content/delayed-badge";
import { PostStatusBadge } from "@/components/content/post-status-badge";
import { PlatformIcon } from "@/components/social/platform-icon";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { PostDto } from "@/lib/posts/schemas";
import {
  calendarInstant,
  countByStatus,
  filterAndSort,
  groupByDay,
  scheduleSortOptions,
  scheduleStatusOptions,
  type ScheduleSort,
  type ScheduleStatusFilter,
} from "@/lib/schedule/posts";
import { NativeSelect } from "@/components/ui/native-select";
import { dayLabel, timeLabel } from "./calendar-labels";

interface ScheduledPostListProps {
  posts: readonly PostDto[];
  status: ScheduleStatusFilter;
  onStatusChange: (status: ScheduleStatusFilter) => void;
  sort: ScheduleSort;
  onSortChange: (sort: ScheduleSort) => void;
  /** Only this day's posts ("YYYY-MM-DD"), or every day. */
  dayKey: string | null;
  onClearDay?: () => void;
  onOpenPost: (post: PostDto) => void;
}

/** Side list 'Scheduled Posts': filter, sort, grouped by day, with totals. */
export function ScheduledPostList({
  posts,
  status,
  onStatusChange,
  sort,
  onSortChange,
  dayKey,
  onClearDay,
  onOpenPost,
}: ScheduledPostListProps) {
  const statusId = useId();
  const sortId = useId();
  const shown = useMemo(() => {
    const sorted = filterAndSort(posts, status, sort);
    const groups = groupByDay(sorted);
    return dayKey ? groups.filter((group) => group.key === dayKey) : groups;
  }, [posts, status, sort, dayKey]);
  const visible = shown.flatMap((group) => group.posts);

  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle>
          <h2 className="text-lg font-semibold">Scheduled Posts</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 px-5">
        <div className="grid grid-cols-2 gap-3">
          <NativeSelect
            id={statusId}
            label="Status"
            value={status}
            options={scheduleStatusOptions}
            onChange={(value) => {
              const option = scheduleStatusOptions.find((candidate) => candidate.value === value);
              if (option) onStatusChange(option.value);
            }}
          />
          <NativeSelect
            id={sortId}
            label="Sort By"
            value={sort}
            options={scheduleSortOptions}
            onChange={(value) => {
              const option = scheduleSortOptions.find((candidate) => candidate.value === value);
              if (option) onSortChange(option.value);
            }}
          />
        </div>

        {dayKey && (
          <div className="bg-muted/50 flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm">
            <span>
              Showing <span className="font-medium">{dayLabel(dayKey)}</span>
            </span>
            {onClearDay && (
              <Button type="button" variant="ghost" size="sm" onClick={onClearDay}>
                <X aria-hidden />
                Show all dates
              </Button>
            )}
          </div>
        )}

        <dl className="grid grid-cols-3 gap-2 text-center">
          {[
            { label: "Total", value: visible.length },
            { label: "Scheduled", value: countByStatus(visible, "scheduled") },
            { label: "Published", value: countByStatus(visible, "published") },
          ].map((total) => (
            <div key={total.label} className="bg-muted/30 rounded-md border px-2 py-1.5">
              <dt className="text-muted-foreground text-xs">{total.label}</dt>
              <dd className="text-base font-semibold tabular-nums">{total.value}</dd>
            </div>
          ))}
        </dl>

        {shown.length === 0 ? (
          <div className="text-muted-foreground grid place-items-center gap-2 py-8 text-center text-sm">
            <CalendarX2 className="size-8" aria-hidden />
            <p>{dayKey ? "No posts on this date." : "No posts to show."}</p>
          </div>
        ) : (
          <div className="grid gap-4">
            {shown.map((group) => (
              <section key={group.key} aria-label={dayLabel(group.key)} className="grid gap-2">
                <h3 className="text-muted-foreground text-xs font-semibold tracking-wide uppercase">
                  {dayLabel(group.key)}
                </h3>
                <ul className="grid gap-2">
                  {group.posts.map((post) => (
                    <li key={post.id}>
                      <button
                        type="button"
                        onClick={() => onOpenPost(post)}
                        className="hover:bg-accent/50 focus-visible:ring-ring/60 grid w-full gap-1.5 rounded-md border p-3 text-left text-sm outline-none focus-visible:ring-[3px]"
                      >
                        <span className="flex items-center justify-between gap-2">
                          <span className="font-medium tabular-nums">{timeLabel(calendarInstant(post))}</span>
                          <span className="flex flex-wrap justify-end gap-1">
                            {post.delayed && <DelayedBadge delay={post.delayed} />}
                            <PostStatusBadge status={post.status} />
                          </span>
                        </span>
                        <span className="line-clamp-2 break-words">{postShortName(post)}</span>
                        {post.delayed && (
                          <span className="line-clamp-3 text-xs break-words text-amber-700 dark:text-amber-400">
                            {post.delayed.reason}
                          </span>
                        )}
                        <span className="flex flex-wrap gap-1">
                          {[...new Set(post.pages.map((page) => page.platform))].map((platform) => (
                            <PlatformIcon
                              key={platform}
                              platform={platform}
                              className="size-5 rounded [&_svg]:size-3"
                            />
                          ))}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
