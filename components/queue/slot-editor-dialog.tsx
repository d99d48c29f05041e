"use client";

import { Clock, Info, Loader2, Plus, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { NativeSelect } from "@/components/ui/native-select";
import { useUpdateQueue } from "@/lib/client/hooks/queue";
import { errorMessage } from "@/lib/client/http";
import { toast } from "@/lib/client/toast";
import { QUEUE_MAX_SLOTS, QUEUE_MESSAGES } from "@/lib/queue/constants";
import type { PageQueueDto, QueueSlot, UpdateQueueInput } from "@/lib/queue/schemas";
import { sortSlots } from "@/lib/queue/slots";
import { HOUR_OPTIONS, minuteOptions, twoDigits } from "@/lib/schedule/time";
import { minuteLabel, sameSlots, slotsFromHint, slotsOn, timeZoneChoices, WEEKDAY_NAMES } from "./queue-display";

interface SlotEditorDialogProps {
  /** The queue whose slots are edited; null closes the dialog. */
  queue: PageQueueDto | null;
  /** The workspace's zone, which a queue without one of its own follows. */
  workspaceTimeZone: string;
  onClose: () => void;
}

/** 'Edit slots': a page's weekly posting times and the zone they are read in. */
export function SlotEditorDialog({ queue, workspaceTimeZone, onClose }: SlotEditorDialogProps) {
  // The last queue shown stays while the dialog animates closed.
  const [shown, setShown] = useState(queue);
  if (queue && queue !== shown) setShown(queue);
  const current = queue ?? shown;
  return (
    <Dialog open={queue !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Clock className="size-5 shrink-0" aria-hidden />
            Posting slots · {current?.pageName}
          </DialogTitle>
          <DialogDescription>
            Each week, posts added to this page&apos;s queue go out at these times, one post a slot.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the queue as saved. */}
        {queue && <SlotForm key={queue.pageId} queue={queue} workspaceTimeZone={workspaceTimeZone} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

/** The day choices of 'Add a time': one weekday, or several at once. */
const DAY_CHOICES = [
  ...WEEKDAY_NAMES.map((name, weekday) => ({ value: String(weekday), label: name, weekdays: [weekday] })),
  { value: "weekdays", label: "Every weekday (Mon–Fri)", weekdays: [0, 1, 2, 3, 4] },
  { value: "all", label: "Every day", weekdays: [0, 1, 2, 3, 4, 5, 6] },
];

const slotKey = (slot: QueueSlot) => `${slot.weekday}-${slot.minute}`;

function SlotForm({
  queue,
  workspaceTimeZone,
  onClose,
}: {
  queue: PageQueueDto;
  workspaceTimeZone: string;
  onClose: () => void;
}) {
  const ids = { zone: useId(), day: useId(), hour: useId(), minute: useId(), status: useId(), list: useId() };
  const update = useUpdateQueue();
  const [slots, setSlots] = useState<QueueSlot[]>(() => sortSlots(queue.slots));
  const [zone, setZone] = useState(queue.ownTimeZone ?? "");
  const [choice, setChoice] = useState({ day: "0", hour: 9, minute: 0 });
  const [status, setStatus] = useState("");
  // After a remove the focus goes to the next time of that day, else to its previous one, else the Day select.
  // ("" is the Day select; null: nowhere to go.)
  const focusAfterRemove = useRef<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const daySelect = useRef<HTMLDivElement>(null);
  const hint = slotsFromHint(queue.slotsFrom);
  const full = slots.length >= QUEUE_MAX_SLOTS;

  useEffect(() => {
    const key = focusAfterRemove.current;
    if (key === null) return;
    focusAfterRemove.current = null;
    const target = key
      ? list.current?.querySelector<HTMLButtonElement>(`[data-slot-key="${key}"]`)
      : daySelect.current?.querySelector("select");
    target?.focus();
  });

  function add() {
    const weekdays = DAY_CHOICES.find((option) => option.value === choice.day)?.weekdays ?? [];
    const minute = choice.hour * 60 + choice.minute;
    const fresh = weekdays.filter(
      (weekday) => !slots.some((slot) => slot.weekday === weekday && slot.minute === minute),
    );
    const label = DAY_CHOICES.find((option) => option.value === choice.day)?.label ?? "";
    if (fresh.length === 0) {
      setStatus(`${label} ${minuteLabel(minute)} is already a slot.`);
      return;
    }
    if (slots.length + fresh.length > QUEUE_MAX_SLOTS) {
      setStatus(QUEUE_MESSAGES.tooManySlots);
      return;
    }
    setSlots(sortSlots([...slots, ...fresh.map((weekday) => ({ weekday, minute }))]));
    setStatus(`Added ${label} ${minuteLabel(minute)}.`);
  }

  function remove(slot: QueueSlot) {
    const day = slotsOn(slots, slot.weekday);
    const index = day.indexOf(slot.minute);
    const neighbour = day[index + 1] ?? day[index - 1];
    setSlots(slots.filter((other) => slotKey(other) !== slotKey(slot)));
    setStatus(`Removed ${WEEKDAY_NAMES[slot.weekday]} ${minuteLabel(slot.minute)}.`);
    focusAfterRemove.current = neighbour === undefined ? "" : slotKey({ weekday: slot.weekday, minute: neighbour });
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const input: UpdateQueueInput = {};
    // Unchanged slots are not sent: suggested slots stay suggestions (they follow the page's best times).
    if (!sameSlots(slots, queue.slots)) input.slots = slots;
    const timeZone = zone || null;
    if (timeZone !== queue.ownTimeZone) input.timeZone = timeZone;
    if (input.slots === undefined && input.timeZone === undefined) {
      onClose();
      return;
    }
    try {
      const { message } = await update.mutateAsync({ pageId: queue.pageId, input });
      toast.success(message);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to save the posting slots"));
    }
  }

  return (
    <form className="grid gap-5" onSubmit={(event) => void save(event)} noValidate>
      <NativeSelect
        id={ids.zone}
        label="Time zone"
        value={zone}
        options={[
          { value: "", label: `Workspace time zone (${workspaceTimeZone})` },
          ...timeZoneChoices(queue.ownTimeZone).map((name) => ({ value: name, label: name })),
        ]}
        onChange={setZone}
      />

      {hint && (
        <p className="bg-muted/50 text-muted-foreground flex items-start gap-2 rounded-md border px-3 py-2 text-sm">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{hint}. Saving changed slots makes them this page&apos;s own.</span>
        </p>
      )}

      <fieldset className="grid gap-3" disabled={update.isPending}>
        <legend className="mb-2 text-sm font-medium">Add a time</legend>
        <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[minmax(0,1fr)_6rem_6rem_auto]">
          <div ref={daySelect} className="col-span-2 sm:col-span-1">
            <NativeSelect
              id={ids.day}
              label="Day"
              value={choice.day}
              options={DAY_CHOICES}
              onChange={(day) => setChoice({ ...choice, day })}
            />
          </div>
          <NativeSelect
            id={ids.hour}
            label="Hour"
            value={String(choice.hour)}
            options={HOUR_OPTIONS.map((hour) => ({ value: String(hour), label: twoDigits(hour) }))}
            onChange={(value) => setChoice({ ...choice, hour: Number(value) })}
          />
          <NativeSelect
            id={ids.minute}
            label="Minute"
            value={String(choice.minute)}
            options={minuteOptions(choice.minute).map((minute) => ({
              value: String(minute),
              label: twoDigits(minute),
            }))}
            onChange={(value) => setChoice({ ...choice, minute: Number(value) })}
          />
          <Button
            type="button"
            variant="secondary"
            className="col-span-2 sm:col-span-1"
            onClick={add}
            disabled={full}
            aria-describedby={ids.status}
          >
            <Plus aria-hidden />
            Add time
          </Button>
        </div>
        <p id={ids.status} className="text-muted-foreground min-h-5 text-sm" role="status">
          {full ? QUEUE_MESSAGES.tooManySlots : status}
        </p>
      </fieldset>

      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-2">
          <h3 id={ids.list} className="text-sm font-medium">
            Weekly slots
          </h3>
          <span className="text-muted-foreground text-xs tabular-nums">
            {slots.length} {slots.length === 1 ? "slot" : "slots"} a week
          </span>
        </div>
        <ul ref={list} aria-labelledby={ids.list} className="divide-y rounded-lg border">
          {WEEKDAY_NAMES.map((name, weekday) => {
            const minutes = slotsOn(slots, weekday);
            return (
              <li key={name} className="grid gap-2 px-3 py-2.5 sm:grid-cols-[7rem_minmax(0,1fr)] sm:items-center">
                <span className="text-sm font-medium">{name}</span>
                {minutes.length === 0 ? (
                  <span className="text-muted-foreground text-sm">No slots</span>
                ) : (
                  <ul className="flex flex-wrap gap-1.5" aria-label={`${name} slots`}>
                    {minutes.map((minute) => (
                      <li
                        key={minute}
                        className="bg-secondary text-secondary-foreground inline-flex items-center gap-0.5 rounded-md py-0.5 pr-0.5 pl-2 text-sm tabular-nums"
                      >
                        {minuteLabel(minute)}
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon-sm"
                          className="size-6 rounded-sm"
                          data-slot-key={slotKey({ weekday, minute })}
                          aria-label={`Remove ${name} ${minuteLabel(minute)}`}
                          disabled={update.isPending}
                          onClick={() => remove({ weekday, minute })}
                        >
                          <X className="size-3.5" aria-hidden />
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
        {slots.length === 0 && (
          <p className="text-muted-foreground text-sm">With no slots, nothing can be added to this queue.</p>
        )}
      </div>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {update.isPending ? "Saving..." : "Save"}
        </Button>
      </DialogFooter>
    </form>
  );
}
