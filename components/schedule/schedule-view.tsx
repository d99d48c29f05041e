"use client";

import dynamic from "next/dynamic";
import { Link } from "@/components/ui/link";
import { CalendarDays, CalendarRange, List, ListOrdered, Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "@/lib/client/toast";
import { InlineMessage } from "@/components/media/inline-message";
import { PageSpinner } from "@/components/layout/page-spinner";
import { QueueSkeleton } from "@/components/queue/queue-skeleton";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorMessage, HttpError } from "@/lib/client/http";
import { useRenderedAfter, useRenderedAfterHydration } from "@/lib/client/use-hydrated";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import { useAnalyticsOverview } from "@/lib/client/hooks/analytics";
import { usePosts, usePostTotals, useSchedulePost } from "@/lib/client/hooks/posts";
import { SCHEDULE_LIST } from "@/lib/posts/query-keys";
import type { PostDto } from "@/lib/posts/schemas";
import { calendarDayOf, dayKey, moveToDay, type CalendarDay } from "@/lib/schedule/calendar";
import {
  onPage,
  postPages,
  scheduleStats,
  schedulerPosts,
  type ScheduleSort,
  type ScheduleStatusFilter,
} from "@/lib/schedule/posts";
import { NativeSelect } from "@/components/ui/native-select";
import { isFutureDate, SCHEDULE_MESSAGES } from "@/lib/schedule/time";
import { CalendarGrid } from "./calendar-grid";
import { ScheduledPostList } from "./scheduled-post-list";
import { StatCards } from "./stat-cards";
import { WeekView } from "./week-view";

// The two dialogs are chunks of their own, loaded when first opened: with Radix's dialog, focus trap
// and scroll lock they were in the page's first load.
const SchedulePostDialog = dynamic(() => import("./schedule-post-dialog").then((module) => module.SchedulePostDialog), {
  ssr: false,
});
const PostDetailsDialog = dynamic(() => import("./post-details-dialog").then((module) => module.PostDetailsDialog), {
  ssr: false,
});
// The queue is a chunk of its own too, loaded when its tab is first opened.
const QueueView = dynamic(() => import("@/components/queue/queue-view").then((module) => module.QueueView), {
  ssr: false,
  loading: () => <QueueSkeleton />,
});

export type ScheduleTab = "calendar" | "queue";
type Tab = ScheduleTab;
type View = "calendar" | "week" | "list";

const ALL_TIME = {};

/**
 * /schedule, 'Content Scheduler': on its Calendar tab stats, a month calendar with
 * drag-to-reschedule and the post list, or a week with a '+' for each day and free slot; on its
 * Queue tab each page's posting slots.
 */
export function ScheduleView({ initialTab = "calendar" }: { initialTab?: Tab }) {
  const [tab, setTab] = useState<Tab>(initialTab);

  // The tab is in the address (/schedule?view=queue), so a reload or a link lands on it.
  function changeTab(next: Tab) {
    setTab(next);
    window.history.replaceState(null, "", next === "queue" ? "/schedule?view=queue" : "/schedule");
  }
  const [view, setView] = useState<View>("calendar");
  const [weekOf, setWeekOf] = useState(() => dayKey(calendarDayOf(new Date())));
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

  const allPosts = useMemo(() => schedulerPosts(list.data?.posts ?? []), [list.data]);
  // The page filter: the calendar, the week and the list show one page's posts (the stat cards stay the workspace's).
  const [pageId, setPageId] = useState<string | null>(null);
  const pageOptions = useMemo(() => postPages(allPosts), [allPosts]);
  const posts = useMemo(() => onPage(allPosts, pageId), [allPosts, pageId]);
  // Scheduled and Total as the content list counts them (every post, not only the 100 loaded here);
  // the loaded posts' figures stand in until those arrive.
  const totals = usePostTotals();
  const loadedStats = useMemo(() => scheduleStats(allPosts), [allPosts]);
  const stats = {
    ...loadedStats,
    scheduled: totals.scheduled ?? loadedStats.scheduled,
    total: totals.all ?? loadedStats.total,
  };

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
        <Button asChild>
          <Link href="/create-post">
            <Plus aria-hidden />
            Create Post
          </Link>
        </Button>
      </header>

      <Tabs value={tab} onValueChange={(value) => changeTab(value as Tab)} className="min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label="Schedule views">
            <TabsTrigger value="calendar">
              <CalendarDays aria-hidden />
              Calendar
            </TabsTrigger>
            <TabsTrigger value="queue">
              <ListOrdered aria-hidden />
              Queue
            </TabsTrigger>
          </TabsList>
          {tab === "calendar" && (
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
                variant={view === "week" ? "default" : "ghost"}
                aria-pressed={view === "week"}
                onClick={() => setView("week")}
              >
                <CalendarRange aria-hidden />
                Week View
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
          )}
        </div>
        <TabsContent value="calendar" className="grid gap-6 pt-4">
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
              {pageOptions.length > 1 && (
                <div className="flex justify-end">
                  <NativeSelect
                    id="schedule-page-filter"
                    label="Page"
                    value={pageId ?? "all"}
                    options={[
                      { value: "all", label: "All pages" },
                      ...pageOptions.map((page) => ({ value: page.id, label: page.name })),
                    ]}
                    onChange={(value) => setPageId(value === "all" ? null : value)}
                    className="w-56"
                  />
                </div>
              )}
              <div
                className={
                  view === "calendar" ? "grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]" : "grid gap-6"
                }
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
                {view === "week" && (
                  <WeekView posts={posts} weekOf={weekOf} onWeekChange={setWeekOf} onOpenPost={openPost} />
                )}
                {listShown && view !== "week" && (
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
        </TabsContent>
        <TabsContent value="queue" className="pt-4">
          <QueueView />
        </TabsContent>
      </Tabs>

      {rescheduleMounted && (
        <SchedulePostDialog
          open={rescheduling !== null}
          onOpenChange={(open) => !open && setRescheduling(null)}
          preview={{
            title: rescheduling?.title,
            content: rescheduling?.content ?? "",
            platforms: [...new Set(rescheduling?.pages.map((page) => page.platform) ?? [])],
            pageIds: rescheduling?.pages.flatMap((page) => (page.type === "post" && page.pageId ? [page.pageId] : [])),
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
