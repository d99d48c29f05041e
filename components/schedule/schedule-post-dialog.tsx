"use client";

import { CalendarClock, Clock, Loader2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { InlineMessage } from "@/components/media/inline-message";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { calendarDayOf, dayKey } from "@/lib/schedule/calendar";
import {
  defaultScheduleTime,
  formatLongDateTime,
  HOUR_OPTIONS,
  isFutureDate,
  minuteOptions,
  SCHEDULE_MESSAGES,
  SUGGESTED_TIMES,
  todayInputValue,
  toScheduledDate,
  twoDigits,
} from "@/lib/schedule/time";
import type { SocialPlatform } from "@/lib/networks/platforms";
import { cn } from "@/lib/utils";
import { NativeSelect } from "@/components/ui/native-select";
import { PlatformList } from "./platform-list";
import { useQueues } from "@/lib/client/hooks/queue";
import { QUEUE_VIEW_DAYS } from "@/lib/queue/constants";
import { freeSlotSuggestions } from "@/lib/queue/suggestions";
import { dateTimeFormat } from "@/lib/format";

/** "Mon 7 Dec, 09:00" on the browser's clock, as the fields below will read. */
function slotLabel(at: Date): string {
  return dateTimeFormat(undefined, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(at);
}

export interface SchedulePreview {
  title?: string | null;
  content: string;
  platforms: readonly SocialPlatform[];
  /** The post's pages: their queues' next free slots are offered as times. */
  pageIds?: readonly string[];
}

interface SchedulePostDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  preview: SchedulePreview;
  /** The moment to start from (a rescheduled post's time); the next quarter hour an hour away otherwise. */
  initial?: Date | null;
  /** Schedules at the chosen instant; a returned string is shown in the dialog, which then stays open. */
  onSchedule: (scheduledAt: Date) => Promise<string | void>;
}

/** Spec 'Schedule Post modal': preview, date (from today), suggested or custom time, summary. */
export function SchedulePostDialog({ open, onOpenChange, preview, initial, onSchedule }: SchedulePostDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CalendarClock className="size-5" aria-hidden />
            Schedule Post
          </DialogTitle>
          <DialogDescription>
            Choose when this post goes out. Times are in your time zone ({browserTimeZone()}).
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from `initial`. */}
        {open && (
          <ScheduleForm
            preview={preview}
            initial={initial}
            onSchedule={onSchedule}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The zone the date and time fields are read in: the browser's, named so nobody has to guess. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

function choiceAt(at: Date) {
  return { date: dayKey(calendarDayOf(at)), hour: at.getHours(), minute: at.getMinutes() };
}

function initialChoice(initial: Date | null | undefined) {
  if (!initial || Number.isNaN(initial.getTime())) return defaultScheduleTime();
  return choiceAt(initial);
}

function ScheduleForm({
  preview,
  initial,
  onSchedule,
  onCancel,
}: Pick<SchedulePostDialogProps, "preview" | "initial" | "onSchedule"> & { onCancel: () => void }) {
  const ids = { date: useId(), hour: useId(), minute: useId(), error: useId(), slots: useId() };
  const [choice, setChoice] = useState(() => initialChoice(initial));
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const today = todayInputValue();
  const scheduledAt = toScheduledDate(choice.date, choice.hour, choice.minute);
  const pageIds = preview.pageIds ?? [];
  const queues = useQueues(QUEUE_VIEW_DAYS, { enabled: pageIds.length > 0 });
  const [openedAt] = useState(() => new Date());
  const slots = freeSlotSuggestions(queues.data ?? [], pageIds, openedAt);

  function change(next: Partial<typeof choice>) {
    setChoice((current) => ({ ...current, ...next }));
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isFutureDate(scheduledAt)) {
      setError(SCHEDULE_MESSAGES.future);
      return;
    }
    setSubmitting(true);
    try {
      const problem = await onSchedule(scheduledAt);
      if (problem) setError(problem);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="grid gap-5" onSubmit={(event) => void submit(event)} noValidate>
      <section aria-label="Post preview" className="bg-muted/30 grid gap-2 rounded-lg border p-3">
        {preview.title && <p className="text-sm font-semibold">{preview.title}</p>}
        <p className="line-clamp-4 text-sm break-words whitespace-pre-wrap">
          {preview.content.trim() || <span className="text-muted-foreground italic">No content</span>}
        </p>
        <PlatformList platforms={preview.platforms} />
      </section>

      <div className="grid gap-1.5">
        <Label htmlFor={ids.date}>Date</Label>
        <Input
          id={ids.date}
          type="date"
          min={today}
          value={choice.date}
          onChange={(event) => change({ date: event.target.value })}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? ids.error : undefined}
          required
        />
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-2 flex items-center gap-1.5 text-sm font-medium">
          <Clock className="size-4" aria-hidden />
          Time
        </legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-5" role="group" aria-label="Suggested times">
          {SUGGESTED_TIMES.map(({ label, hour }) => {
            const active = choice.hour === hour && choice.minute === 0;
            return (
              <Button
                key={label}
                type="button"
                variant={active ? "default" : "outline"}
                aria-pressed={active}
                aria-label={`${label} ${hour}:00`}
                className={cn("h-auto flex-col gap-0 py-2")}
                onClick={() => change({ hour, minute: 0 })}
              >
                <span className="text-xs font-semibold">{label}</span>
                <span className={cn("text-xs tabular-nums", !active && "text-muted-foreground")}>{hour}:00</span>
              </Button>
            );
          })}
        </div>
        {slots.length > 0 && (
          <div className="grid gap-1.5">
            <p id={ids.slots} className="text-muted-foreground text-xs font-medium">
              Next free slots in the queue
            </p>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" role="group" aria-labelledby={ids.slots}>
              {slots.map((slot) => {
                const at = new Date(slot.at);
                const active = scheduledAt?.getTime() === at.getTime();
                const pages = slot.pageNames.join(", ");
                return (
                  <Button
                    key={slot.at}
                    type="button"
                    variant={active ? "default" : "outline"}
                    aria-pressed={active}
                    title={pages}
                    className="h-auto min-w-0 flex-col gap-0 py-2"
                    onClick={() => change(choiceAt(at))}
                  >
                    <span className="text-xs font-semibold tabular-nums">{slotLabel(at)}</span>
                    <span className={cn("w-full truncate text-xs", !active && "text-muted-foreground")}>{pages}</span>
                  </Button>
                );
              })}
            </div>
          </div>
        )}
        <div className="grid grid-cols-2 gap-3">
          <NativeSelect
            id={ids.hour}
            label="Hour"
            value={String(choice.hour)}
            options={HOUR_OPTIONS.map((hour) => ({ value: String(hour), label: twoDigits(hour) }))}
            onChange={(value) => change({ hour: Number(value) })}
          />
          <NativeSelect
            id={ids.minute}
            label="Minute"
            value={String(choice.minute)}
            options={minuteOptions(choice.minute).map((minute) => ({
              value: String(minute),
              label: twoDigits(minute),
            }))}
            onChange={(value) => change({ minute: Number(value) })}
          />
        </div>
      </fieldset>

      <p className="bg-primary/5 border-primary/20 rounded-md border p-3 text-sm" aria-live="polite">
        {scheduledAt ? (
          <>
            <span className="text-muted-foreground">Scheduled for </span>
            <time dateTime={scheduledAt.toISOString()} className="font-medium">
              {formatLongDateTime(scheduledAt)}
            </time>
          </>
        ) : (
          <span className="text-muted-foreground">Pick a date to see when the post goes out.</span>
        )}
      </p>

      {error && (
        <div id={ids.error}>
          <InlineMessage tone="error">{error}</InlineMessage>
        </div>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={submitting || !choice.date}>
          {submitting ? <Loader2 className="animate-spin" aria-hidden /> : <CalendarClock aria-hidden />}
          {submitting ? "Scheduling..." : "Schedule Post"}
        </Button>
      </DialogFooter>
    </form>
  );
}
