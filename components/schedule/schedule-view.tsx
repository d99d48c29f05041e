"use client";

import dynamic from "next/dynamic";
import { Link } from "@/components/ui/link";
import { CalendarDays, List, Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "@/lib/client/toast";
import { InlineMessage } from "@/components/media/inline-message";
import { PageSpinner } from "@/components/layout/page-spinner";
import { Button } from "@/components/ui/button";
import { errorMessage, HttpError } from "@/lib/client/http";
import { useRenderedAfter, useRenderedAfterHydration } from "@/lib/client/use-hydrated";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import { useAnalyticsOverview } from "@/lib/client/hooks/analytics";
import { usePosts, useSchedulePost } from "@/lib/client/hooks/posts";
import { SCHEDULE_LIST } from "@/lib/posts/query-keys";
import type { PostDto } from "@/lib/posts/schemas";
import { moveToDay, type CalendarDay } from "@/lib/schedule/calendar";
import { scheduleStats, schedulerPosts, type ScheduleSort, type ScheduleStatusFilter } from "@/lib/schedule/posts";
import { isFutureDate, SCHEDULE_MESSAGES } from "@/lib/schedule/time";
import { CalendarGrid } from "./calendar-grid";
import { ScheduledPostList } from "./scheduled-post-list";
import { StatCards } from "./stat-cards";

// The two dialogs are chunks of their own, loaded when first opened: with Radix's dialog, focus trap
// and scroll lock they were in the page's first load.
const SchedulePostDialog = dynamic(() => import("./schedule-post-dialog").then((module) => module.SchedulePostDialog), {
  ssr: false,
});
const PostDetailsDialog = dynamic(() => import("./post-details-dialog").then((module) => module.PostDetailsDialog), {
  ssr: false,
});

type View = "calendar" | "list";

const ALL_TIME = {};

/** /schedule, 'Content Scheduler': stats, a month calendar with drag-to-reschedule, and the post list. */
export function ScheduleView() {
  const [view, setView] = useState<View>("calendar");
  const [month, setMonth] = useState(() => ({ year: new Date().getFullYear(), month: new Date().getMonth() }));
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [status, setStatus] = useState<ScheduleStatusFilter>("all");
  const [sort, setSort] = useState<ScheduleSort>("date");
  const [rescheduling, setRescheduling] = useState<PostDto | null>(null);
  const [details, setDetails] = useState<PostDto | null>(null);
  const rescheduleMounted = useOpenedOnce(rescheduling !== null);
  const detailsMounted = useOpenedOnce(details !== null);
  const list = usePosts(SCHEDULE_LIST);
  const schedule = useSchedulePost();
  // All time: the same figure as the Analytics Dashboard's All Time card (and its cache entry).
  const overview = useAnalyticsOverview(ALL_TIME);
  // The posts come with the page (app/(app)/schedule/page.tsx), but the calendar, the list and
  // "Published Today" are in the browser's zone, which the server does not know: they render
  // right after hydration, in a transition (a long render there was the page's blocking time).
  const zoneKnown = useRenderedAfterHydration();
  // The post list follows the calendar in a commit of its own (two layouts, neither a long task).
  const listShown = useRenderedAfter(zoneKnown && !list.isPending);

  const posts = useMemo(() => schedulerPosts(list.data?.posts ?? []), [list.data]);
  const stats = useMemo(() => scheduleStats(posts), [posts]);

  // A scheduled post opens the schedule modal, unless it is delayed: then why comes first (Post
  // Details, which offers Reschedule too).
  function openPost(post: PostDto) {
    if (post.status === "scheduled" && !post.delayed) setRescheduling(post);
    else setDetails(post);
  }

  function toastRescheduleError(error: unknown) {
    if (error instanceof HttpError) toast.error(SCHEDULE_MESSAGES.rescheduleFailed, { description: error.message });
    else toast.error(SCHEDULE_MESSAGES.rescheduleError);
  }

  async function dropOnDay(post: PostDto, day: CalendarDay) {
    if (!post.scheduledAt) return;
    const at = moveToDay(new Date(post.scheduledAt), day);
    if (!isFutureDate(at)) {
      toast.error(SCHEDULE_MESSAGES.rescheduleFailed, { description: SCHEDULE_MESSAGES.future });
      return;
    }
    try {
      await schedule.mutateAsync({ id: post.id, scheduledAt: at.toISOString(), reschedule: true });
      toast.success(SCHEDULE_MESSAGES.rescheduled);
    } catch (error) {
      toastRescheduleError(error);
    }
  }

  async function scheduleFromDialog(post: PostDto, at: Date): Promise<string | void> {
    try {
      await schedule.mutateAsync({
        id: post.id,
        scheduledAt: at.toISOString(),
        reschedule: post.status === "scheduled",
      });
      toast.success("Post scheduled successfully");
      setRescheduling(null);
    } catch (error) {
      toastRescheduleError(error);
      if (error instanceof HttpError && error.status === 400) return error.message;
    }
  }

  function selectDay(key: string) {
    setSelectedKey((current) => (current === key ? null : key));
  }

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Content Scheduler</h1>
          <p className="text-muted-foreground mt-1">Plan when your posts go out; drag a scheduled post to move it.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div className="bg-muted inline-flex rounded-lg p-1" role="group" aria-label="View">
            <Button
              type="button"
              size="sm"
              variant={view === "calendar" ? "default" : "ghost"}
              aria-pressed={view === "calendar"}
              onClick={() => setView("calendar")}
            >
              <CalendarDays aria-hidden />
              Calendar View
            </Button>
            <Button
              type="button"
              size="sm"
              variant={view === "list" ? "default" : "ghost"}
              aria-pressed={view === "list"}
              onClick={() => setView("list")}
            >
              <List aria-hidden />
              List View
            </Button>
          </div>
          <Button asChild>
            <Link href="/create-post">
              <Plus aria-hidden />
              Create Post
            </Link>
          </Button>
        </div>
      </header>

      {list.isPending || !zoneKnown ? (
        <PageSpinner label="Loading posts" />
      ) : list.isError ? (
        <div className="grid justify-items-start gap-3">
          <InlineMessage tone="error">{errorMessage(list.error, "Failed to load posts")}</InlineMessage>
          <Button type="button" variant="outline" onClick={() => void list.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <>
          <StatCards stats={stats} engagementRate={overview.data?.avgEngagementRate ?? null} />
          <div
            className={view === "calendar" ? "grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]" : "grid gap-6"}
          >
            {view === "calendar" && (
              <CalendarGrid
                posts={posts}
                month={month}
                onMonthChange={setMonth}
                selectedKey={selectedKey}
                onSelectDay={selectDay}
                onOpenPost={openPost}
                onReschedule={(post, day) => void dropOnDay(post, day)}
              />
            )}
            {listShown && (
              <ScheduledPostList
                posts={posts}
                status={status}
                onStatusChange={setStatus}
                sort={sort}
                onSortChange={setSort}
                dayKey={view === "calendar" ? selectedKey : null}
                onClearDay={() => setSelectedKey(null)}
                onOpenPost={openPost}
              />
            )}
          </div>
        </>
      )}

      {rescheduleMounted && (
        <SchedulePostDialog
          open={rescheduling !== null}
          onOpenChange={(open) => !open && setRescheduling(null)}
          preview={{
            title: rescheduling?.title,
            content: rescheduling?.content ?? "",
            platforms: [...new Set(rescheduling?.pages.map((page) => page.platform) ?? [])],
          }}
          initial={rescheduling?.scheduledAt ? new Date(rescheduling.scheduledAt) : null}
          onSchedule={(at) => (rescheduling ? scheduleFromDialog(rescheduling, at) : Promise.resolve())}
        />
      )}
      {detailsMounted && (
        <PostDetailsDialog
          post={details}
          onOpenChange={(open) => !open && setDetails(null)}
          onReschedule={(post) => {
            setDetails(null);
            setRescheduling(post);
          }}
        />
      )}
    </div>
  );
}
